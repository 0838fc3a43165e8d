// Array.isArray narrows a readonly array to a writable `any[]` in TypeScript's own declaration, which
// would let code push into a cached parsed value (ManifestObject.value, ReadonlyJsonValue) unnoticed.
// This overload, tried first, keeps the array type that was tested, readonly included; a value of
// unknown type (`unknown`, `any`, `{}`) narrows to `any[]` as before. Included by analysis, server, cli
// and the analysis and server tests.
interface ArrayConstructor {
  isArray<T>(
    arg: T,
  ): arg is unknown extends T ? T & any[] : [T] extends [{}] ? ([{}] extends [T] ? T & any[] : Extract<T, readonly unknown[]>) : Extract<T, readonly unknown[]>;
}
