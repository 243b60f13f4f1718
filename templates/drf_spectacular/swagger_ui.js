{% comment %}The start-up script of the API docs, served by drf-spectacular's view at the page's
script_url (a file, so the CSP's script-src 'self' allows it). Ours rather than the library's:
the API is read-only and public, so none of its credential handling is needed, and deep links
stay off whatever SWAGGER_UI_SETTINGS says, since with them Swagger UI puts a link inside each
operation's button (axe-core's nested-interactive, serious).{% endcomment %}"use strict";

window.ui = SwaggerUIBundle({
  ...{{ settings|safe }},
  url: "{{ schema_url|escapejs }}",
  dom_id: "#swagger-ui",
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  deepLinking: false,
});
