// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";

// The site is built to static files (dist/) and served by the same Hono process as the API
// (api/node.ts, api/deno.ts). Pages are Astro; interactive screens are React islands.
export default defineConfig({
  srcDir: "./site/src",
  publicDir: "./site/public",
  outDir: "./dist",
  output: "static",
  trailingSlash: "ignore",
  build: { format: "directory" },
  integrations: [react()],
  devToolbar: { enabled: false },
  server: { port: 4321 },
  vite: {
    server: { proxy: { "/api": "http://localhost:3000" } },
    build: {
      rollupOptions: {
        // Radix builds its components with un-annotated factory calls at module level (forwardRef,
        // createContextScope, ...), so unused parts (the tooltip's popper, collections) were kept
        // in every island. These calls have no side effects: let tree-shaking drop what is unused.
        treeshake: {
          preset: "recommended",
          manualPureFunctions: ["forwardRef", "createContext", "createContextScope", "createCollection", "createSlot", "createSlottable", "__name"],
        },
      },
    },
  },
});
