/** Request bodies of the API server's own routes: validated with zod, every problem a 400 JSON error naming the field. */
import {InputError} from 'govtool/core'
import type {z} from 'zod/v3'

export function parseBody<S extends z.ZodTypeAny>(schema: S, body: unknown, route: string): z.infer<S> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data as z.infer<S>
  const problems = parsed.error.issues.map((i) => (i.code === 'unrecognized_keys' ? `unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `'${k}'`).join(', ')}` : `${i.path.join('.') || 'body'}: ${i.message}`))
  const shape = (schema as unknown as {shape?: Record<string, unknown>}).shape
  throw new InputError(`Bad body for ${route}: ${problems.join('; ')}.`, {code: 'E_INPUT', hint: shape ? `Fields: ${Object.keys(shape).join(', ')}.` : 'Send a JSON object.'})
}
