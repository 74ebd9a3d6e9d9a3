// The admin roles as the users screen names them, for the screens that also name roles.
export { roleOptions } from './roles';
