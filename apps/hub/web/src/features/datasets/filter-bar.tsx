// The viewer's filter bar (the service's `/filter`): a `where` clause typed by hand or built from a column, an
// operator and a value (filter-builder.ts adds each condition with AND), and an order. Applying puts both in the
// URL; the service's refusal (a 400 for a clause it does not accept) is shown by the viewer next to the bar.
import { useEffect, useId, useState } from "react";
import { columnKind } from "./feature-types";
import {
  addCondition,
  buildCondition,
  buildOrderBy,
  type FilterOperator,
  needsValue,
  OPERATORS,
  operatorsFor,
} from "./filter-builder";
import type { Feature } from "./viewer-api";

export function FilterBar({
  features,
  where,
  orderby,
  onApply,
}: {
  features: readonly Feature[];
  where: string | undefined;
  orderby: string | undefined;
  onApply: (where: string, orderby: string) => void;
}) {
  const id = useId();
  const [clause, setClause] = useState(where ?? "");
  const [order, setOrder] = useState(orderby ?? "");
  const [column, setColumn] = useState(features[0]?.name ?? "");
  const [operator, setOperator] = useState<FilterOperator>("=");
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string>();
  const [orderColumn, setOrderColumn] = useState("");
  const [direction, setDirection] = useState<"ASC" | "DESC">("ASC");
  // Back/Forward change the URL's clauses: the fields follow them.
  useEffect(() => setClause(where ?? ""), [where]);
  useEffect(() => setOrder(orderby ?? ""), [orderby]);

  const feature = features.find((f) => f.name === column) ?? features[0];
  const kind = feature === undefined ? "other" : columnKind(feature.type);
  const operators = operatorsFor(kind);
  const chosen = operators.includes(operator) ? operator : (operators[0] ?? "is null");

  const add = () => {
    if (feature === undefined) return;
    const built = buildCondition({ column: feature.name, kind, operator: chosen, value });
    if (!built.ok) {
      setProblem(built.problem);
      return;
    }
    setProblem(undefined);
    setClause(addCondition(clause, built.clause));
    setValue("");
  };

  return (
    <form
      className="viewer-filter"
      aria-label="Filter rows"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(clause, order);
      }}
    >
      <fieldset className="viewer-builder">
        <legend>Add a condition</legend>
        <label>
          <span>Column</span>
          <select value={feature?.name ?? ""} onChange={(event) => setColumn(event.target.value)}>
            {features.map((f) => (
              <option key={f.name} value={f.name}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Operator</span>
          <select value={chosen} onChange={(event) => setOperator(event.target.value as FilterOperator)}>
            {OPERATORS.filter((op) => operators.includes(op.value)).map((op) => (
              <option key={op.value} value={op.value}>
                {op.label}
              </option>
            ))}
          </select>
        </label>
        {needsValue(chosen) ? (
          <label>
            <span>Value</span>
            <input
              value={value}
              maxLength={500}
              inputMode={kind === "number" ? "decimal" : undefined}
              onChange={(event) => setValue(event.target.value)}
              onKeyDown={(event) => {
                // Enter in the value adds the condition (it does not apply the filter yet).
                if (event.key === "Enter") {
                  event.preventDefault();
                  add();
                }
              }}
            />
          </label>
        ) : null}
        <button type="button" onClick={add}>
          Add condition
        </button>
      </fieldset>
      {problem !== undefined ? (
        <p className="error small" role="alert">
          {problem}
        </p>
      ) : null}
      <label htmlFor={`${id}-where`} className="viewer-where-label">
        Where (SQL condition)
      </label>
      <textarea
        id={`${id}-where`}
        className="viewer-where"
        rows={2}
        maxLength={2000}
        spellCheck={false}
        placeholder={`"column" > 3 AND "other" = 'text'`}
        value={clause}
        onChange={(event) => setClause(event.target.value)}
      />
      <fieldset className="viewer-builder">
        <legend>Order</legend>
        <label>
          <span>Order by</span>
          <select
            value={orderColumn}
            onChange={(event) => {
              setOrderColumn(event.target.value);
              setOrder(buildOrderBy(event.target.value, direction));
            }}
          >
            <option value="">split order</option>
            {features.map((f) => (
              <option key={f.name} value={f.name}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Direction</span>
          <select
            value={direction}
            onChange={(event) => {
              const next = event.target.value === "DESC" ? "DESC" : "ASC";
              setDirection(next);
              setOrder(buildOrderBy(orderColumn, next));
            }}
          >
            <option value="ASC">ascending</option>
            <option value="DESC">descending</option>
          </select>
        </label>
      </fieldset>
      <div className="viewer-inline">
        <button type="submit" className="primary">
          Apply filter
        </button>
        <button
          type="button"
          onClick={() => {
            setClause("");
            setOrder("");
            setOrderColumn("");
            onApply("", "");
          }}
        >
          Clear
        </button>
        {order !== "" ? <code className="small">ORDER BY {order}</code> : null}
      </div>
    </form>
  );
}
