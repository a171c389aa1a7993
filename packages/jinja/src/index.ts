// Public entry point of @hubkit/jinja.
export const ENGINE_NAME = "hubkit-jinja";
