// Starts Swagger UI on /api/docs (a file, not an inline script: the site's CSP allows
// scripts from this server only).
(function () {
  "use strict";
  const el = document.getElementById("swagger-ui");
  window.ui = window.SwaggerUIBundle({
    url: el.dataset.openapi,
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
})();
