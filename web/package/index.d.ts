// Types of the mingmang npm package (the same for its browser and Node entries).

/** Refused by the rules: the message is the engine's. */
export class RulesError extends Error {}

/** A rule or engine option as the module describes it. */
export interface OptionInfo {
  name: string;
  kind: 'check' | 'spin' | 'combo' | 'string' | 'button';
  /** The smallest and largest value of a `spin`. */
  range: [number, number] | null;
  default: string;
  /** The values of a `combo`. */
  choices: string[];
  help: string;
}

/** What the module offers: its games (the Variant option's values) and both option tables. */
export interface LibraryInfo {
  variants: string[];
  ruleOptions: OptionInfo[];
  engineOptions: OptionInfo[];
}

/** How a game stands. */
export interface Outcome {
  /** `none` while the game goes on; `p1win` (White), `p2win` (Black) or `draw` when over. */
  status: 'none' | 'p1win' | 'p2win' | 'draw';
  /** Why it ended (`NoLegalMove`, `Territory`, ...); null while it goes on. */
  reason: string | null;
  /** White's and Black's counts where territory decided, else null. */
  territory: [number, number] | null;
  /** The outcome in words. */
  text: string;
}

/** A game's state after each call. */
export interface GameState {
  variant: string;
  /** The rule options that differ from the variant's, in words (empty for none). */
  rules: string;
  width: number;
  height: number;
  /** The start position's text. */
  start: string;
  /** The current position's text. */
  position: string;
  /** The side to move. */
  side: 'white' | 'black';
  ply: number;
  /** The moves played from the start. */
  moves: string[];
  /** The legal moves now (no move may bring back an earlier position). */
  legal: string[];
  outcome: Outcome;
  /** The squares the last move captured. */
  lastCaptures: string[];
}

/** One game, checked by the rules. */
export class RulesGame {
  /** The state after the last call. */
  state(): GameState;
  /** Plays a move (`a2b2`, `d4`, `0000`); throws RulesError if the rules refuse it. */
  play(move: string): GameState;
  /** Takes back the last move; throws RulesError at the start. */
  undo(): GameState;
  /** The squares of the pieces each side could take in one move. */
  threats(): { white: string[]; black: string[] };
  /** Leaves of the legal move tree `depth` plies deep. */
  perft(depth: number): number;
  /** Releases the game. */
  free(): void;
}

/** The rules of every game of the family, from the engine's WebAssembly module. */
export class RulesLibrary {
  /** Loads the module from a URL (fetched), its bytes or a compiled module. */
  static load(source: string | URL | BufferSource | WebAssembly.Module): Promise<RulesLibrary>;
  /** Its games and options. */
  readonly info: LibraryInfo;
  /**
   * A new game: rule options by name (`{ Variant: 'gala', MaxPlies: '200' }`), and optionally a
   * start position and the moves played from it (separated by spaces).
   */
  newGame(rules?: Record<string, string | number | boolean>, position?: string, moves?: string): RulesGame;
}

/** The client of an engine worker: protocol lines in, output lines out. */
export class EngineClient {
  /**
   * A client of the worker script at `worker` (started as a module worker), or of a started
   * worker-like object. `shared`: share the stop counter (by default where the page is
   * cross-origin isolated).
   */
  constructor(
    worker: string | URL | { postMessage(message: unknown): void; onmessage: unknown; terminate(): void },
    options?: { shared?: boolean },
  );
  /** Whether `stop` can end a running search (shared memory is available). */
  readonly canStop: boolean;
  /** Posts protocol text (one line, or several separated by line breaks). */
  send(line: string): void;
  /** Calls `listener` with every output line; returns a function that removes it. */
  listen(listener: (line: string) => void): () => void;
  /** Posts `line` and resolves with the output up to the first line for which `last` is true. */
  request(line: string, last: (line: string) => boolean): Promise<string[]>;
  /** Ends the worker at once. */
  terminate(): void;
}

/** Loads the rules library; by default from the mingmang.wasm the package ships. */
export function loadRules(source?: string | URL | BufferSource | WebAssembly.Module): Promise<RulesLibrary>;

/**
 * Starts the engine (a Web Worker in a browser, a worker thread in Node) and returns its
 * client. Send `quit` or call `terminate()` when done.
 */
export function startEngine(): EngineClient;
