// A file, not an inline script: the gateway's Content-Security-Policy allows scripts from this origin only.
window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
});
