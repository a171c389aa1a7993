import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Workspace packages are bundled from their TypeScript sources (the "hubkit-source" export condition).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ["hubkit-source", "browser", "module", "import", "default"] },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", sourcemap: true },
  server: {
    host: "127.0.0.1",
    port: 5173,
    strictPort: true,
    proxy: { "/api": `http://127.0.0.1:${process.env.PORT ?? 5300}` },
  },
});
