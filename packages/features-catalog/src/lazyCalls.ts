// What feature.ts's route prefetch imports lazily. Through this module rather than
// `import('@opsdeck/api-client/catalog')`: a dynamic import of the package's entry keeps every one
// of its exports (calls and schemas) in the chunk of whatever else imports that entry statically,
// which in the console is its first load (the change stream's invalidation map).
export { configDetailQuery } from '@opsdeck/api-client/catalog';
