/**
 * zod schemas built on first use (issue 14, start-up fifth pass).
 *
 * A zod v3 schema is costly to build: every instance binds some twenty methods in its constructor, and a module of
 * operations built every input and result schema of all its operations when it was imported, though a command uses
 * the schemas of one (checkpoint built the 48 result schemas of the governance package and the config schemas at
 * load: 5-15 ms of its start-up, and the garbage they leave). `lazySchema(build)` stands for the schema `build()`
 * returns, built the first time anything touches it (a parse, a property, `instanceof`, zod's own use of it inside
 * another schema) and the same object from then on.
 *
 * It is a Proxy whose every trap is forwarded to the built schema with `Reflect`, so a property read, a method call
 * (methods are read bound to the schema), a write zod makes to cache something (ZodObject's `_cached`), `instanceof`
 * and key listing behave as on the schema itself. Its type is the schema's, so `z.infer<typeof X>` is unchanged.
 */
import type {z} from 'zod/v3'

/** How many lazy schemas have been built in this process (a test's view of what a command built). */
let built = 0

/** The number of lazy schemas built so far in this process. */
export function lazySchemasBuilt(): number {
  return built
}

/** The schema `build()` returns, built on first use. */
export function lazySchema<S extends z.ZodTypeAny>(build: () => S): S {
  let schema: S | undefined
  const real = (): S => {
    if (schema === undefined) {
      schema = build()
      built++
    }
    return schema
  }
  // a method read through the proxy is the schema's own, bound to it: zod calls `inner._parse(...)` on the schemas a
  // schema holds, and its body then reads the schema's fields directly rather than through a trap each (thousands
  // per parse of a large result)
  type Method = (...args: unknown[]) => unknown
  const bound = new Map<PropertyKey, [Method, Method]>()
  const handler: ProxyHandler<object> = {
    get: (_t, key) => {
      const schema = real()
      const value: unknown = Reflect.get(schema, key)
      if (typeof value !== 'function' || key === 'constructor') return value
      const known = bound.get(key)
      if (known !== undefined && known[0] === value) return known[1]
      const fn = (value as Method).bind(schema)
      bound.set(key, [value as Method, fn])
      return fn
    },
    set: (_t, key, value) => Reflect.set(real(), key, value),
    has: (_t, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_t, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key)
      // a proxy may not report a property its target lacks as non-configurable
      return d === undefined ? undefined : {...d, configurable: true}
    },
    defineProperty: (_t, key, d) => Reflect.defineProperty(real(), key, d),
    deleteProperty: (_t, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  }
  return new Proxy({}, handler) as S
}
