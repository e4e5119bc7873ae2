// Agent ask and permissions (owned by the preflight/agent area).
export {ASK_ACTIONS, ASK_ROUTES, askAgent, askProject, routeAsk, type AskAction, type AskReply} from './ask.js'
export {checkPermission, describePermissions, type PermissionCheckResult, type PermissionsReport} from './permissions.js'
