// The slug rule is shared with the server's demo seed, so it lives with the contract.
export { slugify } from '../../../contract/slug';
