export {default as builtinTypes} from './types.js'
