// The rules library for pages and Node: games of every variant, size and rule option, from
// the same WebAssembly module as the engine (its rules exports; no search runs here).

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Refused by the rules: the engine's message. */
export class RulesError extends Error {}

export class RulesLibrary {
  /**
   * Loads the module (mingmang.wasm): from a URL (fetched), or from its bytes or a compiled
   * `WebAssembly.Module` (where there is no fetch of files, as in Node: node.js reads them).
   */
  static async load(source) {
    let bytes = source;
    if (typeof source === 'string' || source instanceof URL) {
      const response = await fetch(source);
      if (!response.ok) throw new Error(`${source}: ${response.status}`);
      bytes = await response.arrayBuffer();
    }
    // The engine's host functions are never called by the rules exports.
    const unused = () => {
      throw new Error('the rules library does not search');
    };
    const imports = {
      host: { emit: unused, now_ms: () => performance.now(), should_stop: () => 0, idle: () => {} },
    };
    // instantiate answers a Module with an Instance, and bytes with both.
    const made = await WebAssembly.instantiate(bytes, imports);
    return new RulesLibrary((made.instance ?? made).exports);
  }

  constructor(exports) {
    this.wasm = exports;
    this.wasm.mm_rules_info();
    /** `{variants, ruleOptions, engineOptions}`: names, types, ranges, defaults, help. */
    this.info = JSON.parse(this.output());
  }

  input(text) {
    const bytes = encoder.encode(text);
    const ptr = this.wasm.mm_input(bytes.length);
    new Uint8Array(this.wasm.memory.buffer, ptr, bytes.length).set(bytes);
    return bytes.length;
  }

  output() {
    const ptr = this.wasm.mm_output_ptr();
    const len = this.wasm.mm_output_len();
    return decoder.decode(new Uint8Array(this.wasm.memory.buffer, ptr, len));
  }

  /** The output as JSON, or a RulesError when `code` is negative. */
  answer(code) {
    const text = this.output();
    if (code < 0) throw new RulesError(text);
    return text;
  }

  /**
   * A new game. `rules`: rule options by name (`{Variant: 'gala', MaxPlies: '200'}`);
   * `position` and `moves` (optional): a game record, its start and the moves from there.
   */
  newGame(rules = {}, position = '', moves = '') {
    const len = this.input(`${optionsLine(rules)}\n${position}\n${moves}`);
    const handle = this.wasm.mm_game_new(len);
    if (handle < 0) throw new RulesError(this.output());
    return new RulesGame(this, handle, rules);
  }
}

/**
 * Rule options as the module reads them: `Name=value` pairs separated by tabs. A value with a
 * tab or a line break could not be read back, so it is refused here.
 */
function optionsLine(rules) {
  return Object.entries(rules)
    .map(([name, value]) => {
      const pair = `${name}=${value}`;
      if (/[\t\r\n]/.test(pair)) throw new RulesError(`rules: option ${name} has a tab or line break`);
      return pair;
    })
    .join('\t');
}

/** One game, checked by the rules. Its state: see `state()`. */
export class RulesGame {
  constructor(library, handle, rules) {
    this.lib = library;
    this.handle = handle;
    this.options = { ...rules };
    this.current = JSON.parse(this.lib.answer(this.lib.wasm.mm_game_state(handle)));
  }

  /**
   * `{variant, rules, width, height, start, position, side, ply, moves, legal,
   * outcome: {status, reason, territory, text}, lastCaptures}`.
   */
  state() {
    return this.current;
  }

  /** Plays a move (`a2b2`, `d4`, `0000`); throws RulesError if the rules refuse it. */
  play(move) {
    const len = this.lib.input(move);
    this.current = JSON.parse(this.lib.answer(this.lib.wasm.mm_game_play(this.handle, len)));
    return this.current;
  }

  /** Takes back the last move; throws RulesError at the start. */
  undo() {
    this.current = JSON.parse(this.lib.answer(this.lib.wasm.mm_game_undo(this.handle)));
    return this.current;
  }

  /** The squares of the pieces each side could take in one move: `{white: [], black: []}`. */
  threats() {
    return JSON.parse(this.lib.answer(this.lib.wasm.mm_game_threats(this.handle)));
  }

  /** Leaves of the legal move tree `depth` plies deep. */
  perft(depth) {
    return Number(this.lib.answer(this.lib.wasm.mm_game_perft(this.handle, depth)));
  }

  /** Releases the game. */
  free() {
    this.lib.wasm.mm_game_free(this.handle);
  }
}
