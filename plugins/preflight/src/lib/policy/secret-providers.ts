/**
 * Services whose keys and tokens are secrets when named by the service ("the Stripe live key", "our OpenAI production
 * key", "the Twilio auth token"): forbidden.ts reads "<service> [live|prod|secret|restricted|...] key|token" as a
 * secret's name, unless a stand-in word comes first ("a fake Stripe key"). The words are data.
 */
export const SECRET_PROVIDERS: readonly string[] = ['stripe', 'openai', 'anthropic', 'aws', 'gcp', 'azure', 'twilio', 'sendgrid', 'mailgun', 'mailchimp', 'postmark', 'paypal', 'braintree', 'plaid', 'shopify', 'firebase', 'supabase', 'sentry', 'datadog', 'algolia', 'cloudflare', 'heroku', 'vercel', 'netlify', 'mapbox', 'google maps', 'github', 'gitlab', 'slack', 'discord', 'npm', 'pypi', 'docker hub', 'dockerhub', 'huggingface', 'hugging face', 'cohere', 'mistral', 'pinecone', 'auth0', 'okta', 'mixpanel', 'launchdarkly']
