/**
 * JSON Schemas generated from operations' zod schemas: the input schema of a tool description (model tool
 * calling and MCP) and the frozen result schemas of the output contract (test/operation-results.schema.json).
 */
import {createRequire} from 'node:module'

import type {z} from 'zod/v3'

import {toolName, type AnyOperation} from './operation.js'

const require = createRequire(import.meta.url)

type JsonSchema = Record<string, unknown>

/** JSON Schema (draft 7, no $refs) of a zod schema. zod-to-json-schema is loaded on first use only. */
export function jsonSchemaOf(schema: z.ZodTypeAny): JsonSchema {
  const {zodToJsonSchema} = require('zod-to-json-schema') as typeof import('zod-to-json-schema')
  const out = zodToJsonSchema(schema as never, {target: 'jsonSchema7', $refStrategy: 'none'}) as JsonSchema
  delete out.$schema
  return out
}

/** What a model or an MCP client needs to call an operation as a tool. */
export interface ToolDescription {
  name: string
  /** the operation id, for mapping a call back */
  operation: string
  description: string
  inputSchema: JsonSchema
  annotations: {readOnlyHint: boolean; destructiveHint: boolean; openWorldHint: boolean}
}

/** The tool description of an operation: name, description and the JSON Schema of its input. */
export function toolDescription(op: AnyOperation): ToolDescription {
  const description = [op.summary, op.description].filter(Boolean).join('\n\n')
  return {
    name: toolName(op),
    operation: op.id,
    description,
    inputSchema: jsonSchemaOf(op.input),
    annotations: {readOnlyHint: op.effect === 'read', destructiveHint: op.effect === 'process', openWorldHint: false},
  }
}
