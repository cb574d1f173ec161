// The staff admin (server-rendered browser pages, not in the OpenAPI document; see
// docs/areas/admin.md): the area's routes, one file per endpoint.
import { defineArea } from '../area.js';
import stylesheet from './stylesheet.js';
import loginForm from './login-form.js';
import login from './login.js';
import logout from './logout.js';
import home from './home.js';
import list from './list.js';
import read from './read.js';
import userAction from './user-action.js';

export default defineArea({
  name: 'admin',
  tags: [],
  routes: [stylesheet, loginForm, login, logout, home, list, read, userAction],
});
