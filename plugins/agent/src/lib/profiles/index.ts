// Model profile suggestions and endpoint presets (owned by the models area).
export {ENDPOINT_PRESETS, type EndpointKind, type EndpointPreset} from './presets.js'
export {HOSTED_PROVIDERS, PROFILE_ROLES, suggestProfiles, type Bucket, type ProfileSuggestion, type ProfileSuggestions} from './suggest.js'
