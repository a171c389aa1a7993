// The `loop` variable of a for loop (also callable in `recursive` loops).
import { typeError } from "../errors.js";
import { fromHost, type Kwargs, PyCallable, pyEq, tuple, Undefined } from "./values.js";

const NOTHING: unique symbol = Symbol("nothing");

class LoopMethod extends PyCallable {
  constructor(
    readonly name: string,
    readonly fn: (args: unknown[]) => unknown,
  ) {
    super();
  }
  call(args: unknown[], kw: Kwargs): unknown {
    if (kw?.size) throw typeError(`${this.name}() got an unexpected keyword argument '${[...kw.keys()][0]}'`);
    return this.fn(args);
  }
}

export class LoopContext extends PyCallable {
  readonly name = "loop";
  index0 = 0;
  private lastChanged: unknown = NOTHING;
  private cycleMethod: LoopMethod | undefined;
  private changedMethod: LoopMethod | undefined;

  constructor(
    readonly items: unknown[],
    readonly depth0: number,
    readonly recurse: ((iterable: unknown, depth0: number) => string) | null,
  ) {
    super();
  }

  override getAttr(name: string): unknown {
    const i = this.index0;
    const n = this.items.length;
    switch (name) {
      case "index":
        return i + 1;
      case "index0":
        return i;
      case "revindex":
        return n - i;
      case "revindex0":
        return n - i - 1;
      case "first":
        return i === 0;
      case "last":
        return i === n - 1;
      case "length":
        return n;
      case "depth":
        return this.depth0 + 1;
      case "depth0":
        return this.depth0;
      case "previtem":
        return i > 0 ? fromHost(this.items[i - 1]) : new Undefined(null, undefined, "there is no previous item");
      case "nextitem":
        return i + 1 < n ? fromHost(this.items[i + 1]) : new Undefined(null, undefined, "there is no next item");
      case "cycle":
        // made once per loop (it reads the loop's position when called): `loop.cycle(…)` in every iteration of
        // a long loop allocated a method object per call, and the collector spent a quarter of the render on them
        this.cycleMethod ??= new LoopMethod("cycle", (args) => {
          if (!args.length) throw typeError("no items for cycling given");
          return args[this.index0 % args.length];
        });
        return this.cycleMethod;
      case "changed":
        this.changedMethod ??= new LoopMethod("changed", (args) => {
          const value = tuple(args);
          if (this.lastChanged === NOTHING || !pyEq(this.lastChanged, value)) {
            this.lastChanged = value;
            return true;
          }
          return false;
        });
        return this.changedMethod;
    }
    return undefined;
  }

  call(args: unknown[]): unknown {
    if (!this.recurse) {
      throw typeError("The loop must have the 'recursive' marker to be called recursively.");
    }
    if (args.length !== 1) throw typeError(`loop() takes exactly 1 argument (${args.length} given)`);
    return this.recurse(args[0], this.depth0 + 1);
  }
}
