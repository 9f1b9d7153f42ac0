/** react-admin's own /login route, once the app is loaded (a logout, an expired session): the same page, signing in through ra-core's useLogin. */
import * as React from 'react';
import { useLogin } from 'ra-core';
import { LoginPage } from './LoginPage';

export function AdminLoginPage() {
  const login = useLogin();
  return <LoginPage login={login} />;
}

export default AdminLoginPage;
