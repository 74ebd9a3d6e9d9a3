// My account: the signed-in admin's password, sessions and second factors (every role).
export { MyAccountPage } from './MyAccountPage';
export { TwoFactorSetupPage } from './two-factor/TwoFactorSetupPage';
