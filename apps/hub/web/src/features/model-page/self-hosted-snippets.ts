// The lines that point the Hugging Face clients and git at this hub (clients default to huggingface.co).

export function selfHostedSnippets(origin: string, id: string): { python: string; git: string } {
  return {
    python: `# Point the Hugging Face clients at this hub\nimport os\nos.environ["HF_ENDPOINT"] = "${origin}"\n\nfrom huggingface_hub import snapshot_download\nsnapshot_download("${id}")`,
    git: `git clone ${origin}/${id}`,
  };
}
