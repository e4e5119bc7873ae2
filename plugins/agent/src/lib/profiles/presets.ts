/**
 * How an endpoint is reached: `hosted` (a provider's own API), `gateway` (one key routing to many
 * providers), `local` (a server on this machine, no key), `governance` (govtool's own gated proxy).
 */
export type EndpointKind = 'hosted' | 'gateway' | 'local' | 'governance'

/** An OpenAI-compatible endpoint preset (SPEC.md "Endpoint preset"). */
export interface EndpointPreset {
  id: string
  label: string
  /** base URL to which `/chat/completions` is appended */
  base_url: string
  endpoint_kind: EndpointKind
  needs_key: boolean
  /** the environment variable conventionally holding the key (the name only; never a value) */
  key_env: string | null
}

/** Built-in presets for OpenAI-compatible providers and local servers. */
export const ENDPOINT_PRESETS: readonly EndpointPreset[] = [
  {id: 'openai', label: 'OpenAI', base_url: 'https://api.openai.com/v1', endpoint_kind: 'hosted', needs_key: true, key_env: 'OPENAI_API_KEY'},
  {id: 'anthropic', label: 'Anthropic (OpenAI SDK compatibility)', base_url: 'https://api.anthropic.com/v1', endpoint_kind: 'hosted', needs_key: true, key_env: 'ANTHROPIC_API_KEY'},
  {id: 'gemini', label: 'Google Gemini (OpenAI compatibility)', base_url: 'https://generativelanguage.googleapis.com/v1beta/openai', endpoint_kind: 'hosted', needs_key: true, key_env: 'GEMINI_API_KEY'},
  {id: 'mistral', label: 'Mistral AI', base_url: 'https://api.mistral.ai/v1', endpoint_kind: 'hosted', needs_key: true, key_env: 'MISTRAL_API_KEY'},
  {id: 'deepseek', label: 'DeepSeek', base_url: 'https://api.deepseek.com/v1', endpoint_kind: 'hosted', needs_key: true, key_env: 'DEEPSEEK_API_KEY'},
  {id: 'xai', label: 'xAI Grok', base_url: 'https://api.x.ai/v1', endpoint_kind: 'hosted', needs_key: true, key_env: 'XAI_API_KEY'},
  {id: 'groq', label: 'Groq', base_url: 'https://api.groq.com/openai/v1', endpoint_kind: 'hosted', needs_key: true, key_env: 'GROQ_API_KEY'},
  {id: 'together', label: 'Together AI', base_url: 'https://api.together.xyz/v1', endpoint_kind: 'hosted', needs_key: true, key_env: 'TOGETHER_API_KEY'},
  {id: 'fireworks', label: 'Fireworks AI', base_url: 'https://api.fireworks.ai/inference/v1', endpoint_kind: 'hosted', needs_key: true, key_env: 'FIREWORKS_API_KEY'},
  {id: 'cerebras', label: 'Cerebras', base_url: 'https://api.cerebras.ai/v1', endpoint_kind: 'hosted', needs_key: true, key_env: 'CEREBRAS_API_KEY'},
  {id: 'perplexity', label: 'Perplexity', base_url: 'https://api.perplexity.ai', endpoint_kind: 'hosted', needs_key: true, key_env: 'PERPLEXITY_API_KEY'},
  {id: 'openrouter', label: 'OpenRouter', base_url: 'https://openrouter.ai/api/v1', endpoint_kind: 'gateway', needs_key: true, key_env: 'OPENROUTER_API_KEY'},
  {id: 'ollama', label: 'Ollama (local)', base_url: 'http://127.0.0.1:11434/v1', endpoint_kind: 'local', needs_key: false, key_env: null},
  {id: 'lm-studio', label: 'LM Studio (local)', base_url: 'http://127.0.0.1:1234/v1', endpoint_kind: 'local', needs_key: false, key_env: null},
  {id: 'vllm', label: 'vLLM server (local)', base_url: 'http://127.0.0.1:8000/v1', endpoint_kind: 'local', needs_key: false, key_env: null},
  {id: 'llama-cpp', label: 'llama.cpp server (local)', base_url: 'http://127.0.0.1:8080/v1', endpoint_kind: 'local', needs_key: false, key_env: null},
  {id: 'govtool-governance', label: 'govtool governance proxy', base_url: 'http://127.0.0.1:7700/v1', endpoint_kind: 'governance', needs_key: false, key_env: null},
]
