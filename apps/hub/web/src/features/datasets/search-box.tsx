// The viewer's full-text search (the service's `/search` over the split's text columns): a search form that puts
// the query in the URL when submitted (Enter or the button), so Back returns to the unfiltered rows.
import { useEffect, useId, useState } from "react";

export function SearchBox({
  query,
  onSearch,
  inputRef,
}: {
  query: string | undefined;
  onSearch: (query: string) => void;
  /** Lets the viewer put the focus back in the box (after "Show all rows" removes the button that had it). */
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  const [text, setText] = useState(query ?? "");
  // Back/Forward change the URL's query: the box follows it.
  useEffect(() => setText(query ?? ""), [query]);
  return (
    <search className="viewer-search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text);
        }}
      >
        <label htmlFor={`${id}-q`}>Search this split</label>
        <div className="viewer-inline">
          <input
            id={`${id}-q`}
            ref={inputRef}
            type="search"
            value={text}
            maxLength={500}
            placeholder="Words in the text columns"
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit">Search</button>
        </div>
      </form>
    </search>
  );
}
