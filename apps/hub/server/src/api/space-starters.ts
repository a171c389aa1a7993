// The starter files of a new space, per SDK: what its creation commit holds besides the card, so that a new space
// shows an app (static) or a runnable skeleton (the other SDKs) instead of "No such file". Data only: the hub's
// static template is an index.html with its style.css; the other SDKs get the smallest app their runtime starts
// (`app.py` for gradio and streamlit with their requirements, a Dockerfile serving on the hub's port 7860).
// Only spaces created without files of their own get them (a client that sends files brings its own app).

export interface StarterFile {
  path: string;
  content: string;
}

/** `{{title}}` in a starter is replaced by the space's name (HTML-escaped in HTML files). */
const TITLE = "{{title}}";

const STATIC: readonly StarterFile[] = [
  {
    path: "index.html",
    content: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width" />
    <title>${TITLE}</title>
    <link rel="stylesheet" href="style.css" />
  </head>
  <body>
    <div class="card">
      <h1>Welcome to your static Space!</h1>
      <p>You can modify this app directly by editing <i>index.html</i> in the Files tab.</p>
      <p>Also don't forget to check the Spaces documentation of your hub.</p>
    </div>
  </body>
</html>
`,
  },
  {
    path: "style.css",
    content: `body {
  padding: 2rem;
  font-family: -apple-system, BlinkMacSystemFont, "Arial", sans-serif;
}

h1 {
  font-size: 16px;
  margin-top: 0;
}

p {
  color: rgb(107, 114, 128);
  font-size: 15px;
  margin-bottom: 10px;
  margin-top: 5px;
}

.card {
  max-width: 620px;
  margin: 0 auto;
  padding: 16px;
  border: 1px solid lightgray;
  border-radius: 16px;
}

.card p:last-child {
  margin-bottom: 0;
}
`,
  },
];

const GRADIO: readonly StarterFile[] = [
  {
    path: "app.py",
    content: `import gradio as gr


def greet(name):
    return "Hello " + name + "!"


demo = gr.Interface(fn=greet, inputs="text", outputs="text")
demo.launch()
`,
  },
  { path: "requirements.txt", content: "gradio\n" },
];

const STREAMLIT: readonly StarterFile[] = [
  {
    path: "app.py",
    content: `import streamlit as st

x = st.slider("Select a value")
st.write(x, "squared is", x * x)
`,
  },
  { path: "requirements.txt", content: "streamlit\n" },
];

const DOCKER: readonly StarterFile[] = [
  {
    path: "Dockerfile",
    content: `FROM python:3.11-slim

WORKDIR /app
COPY . .

# Spaces listen on port 7860.
EXPOSE 7860
CMD ["python", "-m", "http.server", "7860"]
`,
  },
  {
    path: "index.html",
    content: `<!doctype html>\n<title>${TITLE}</title>\n<h1>${TITLE}</h1>\n<p>Served by a Docker Space.</p>\n`,
  },
];

const STARTERS: Readonly<Record<string, readonly StarterFile[]>> = {
  static: STATIC,
  gradio: GRADIO,
  streamlit: STREAMLIT,
  docker: DOCKER,
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The starter files of a new space named `name` with this SDK (none for an unknown SDK). */
export function spaceStarterFiles(sdk: string, name: string): StarterFile[] {
  const files = Object.hasOwn(STARTERS, sdk) ? (STARTERS[sdk] as readonly StarterFile[]) : [];
  return files.map((file) => ({
    path: file.path,
    content: file.content.replaceAll(TITLE, file.path.endsWith(".html") ? escapeHtml(name) : name),
  }));
}
