// Starts Swagger UI on /docs/api (docs/decisions/022-api-reference.md). A file rather than an
// inline script, so a Content-Security-Policy without 'unsafe-inline' scripts allows it.
/* global window, document, SwaggerUIBundle */
window.ui = SwaggerUIBundle({
  url: document.documentElement.dataset.openapiUrl,
  dom_id: '#swagger-ui',
  layout: 'BaseLayout',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  defaultModelExpandDepth: 3,
  displayRequestDuration: true,
  requestSnippetsEnabled: true,
  // The online validator badge would load an image from another site; the document is validated in CI instead.
  validatorUrl: null,
  syntaxHighlight: { activated: true, theme: 'agate' },
});
