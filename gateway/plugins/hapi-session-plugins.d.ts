// @hapi/cookie 12 and @hapi/crumb 9 ship no typings: what gateway/plugins/admin-app.ts uses of them.
declare module '@hapi/cookie' {
  const Cookie: { plugin: import('@hapi/hapi').Plugin<void> };
  export default Cookie;
}

declare module '@hapi/crumb' {
  const Crumb: {
    plugin: import('@hapi/hapi').Plugin<{
      key?: string;
      cookieOptions?: import('@hapi/hapi').ServerStateCookieOptions;
      skip?: (request: import('@hapi/hapi').Request) => boolean;
    }>;
  };
  export default Crumb;
}
