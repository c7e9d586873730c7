/**
 * A form's check (its schema module, with zod) fetched the first time the form is sent, then
 * kept: the page itself carries no zod (decision 21). `load` is the module's `import()`, written
 * where the form is, so the bundler gives the module a chunk of its own.
 */
export function lazyCheck<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let loading: Promise<Module> | undefined;
  return () => (loading ??= load());
}
