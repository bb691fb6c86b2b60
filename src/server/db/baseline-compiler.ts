import v8 from 'node:v8';

/**
 * Keeps PGlite's WebAssembly on V8's baseline compiler (Liftoff). By default V8 recompiles the
 * functions that run hot with its optimizing compiler (TurboFan), and PostgreSQL's are large:
 * after the first few thousand queries (even `select 1`), V8 allocated about 590 MB outside the
 * JavaScript heap for a few seconds while compiling them, and the process's peak memory went
 * from about 180 MB to 760-900 MB. On the baseline code alone the peak stayed at the working
 * size, and the same 4,000 `select 1` and 38,000-row read took as long. V8 reads these flags when
 * it compiles a module, so they must be set before the first PGlite opens; setting them again is
 * harmless. The database client calls this as it loads, so every process that opens PGlite
 * through it runs with them.
 */
export function keepWebAssemblyOnBaselineCompiler(): void {
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}
