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
      // Vite 8 bundles with Rolldown (`rollupOptions` is its deprecated alias).
      rolldownOptions: {
        // Radix builds its components with un-annotated factory calls at module level (forwardRef,
        // createContextScope, ...), so unused parts (the tooltip's popper, collections) were kept
        // in every island. These calls have no side effects: let tree-shaking drop what is unused.
        // (Rolldown's treeshake options have no `preset`: Rollup's `preset: "recommended"` that was
        // here only produced the warning `"treeshake.preset" Invalid key` on every build.)
        treeshake: {
          manualPureFunctions: ["forwardRef", "createContext", "createContextScope", "createCollection", "createSlot", "createSlottable", "__name"],
        },
        output: {
          // Code every island loads goes into two named chunks, instead of the small chunks the
          // automatic split makes for each set of islands sharing modules (each chunk is compressed
          // on its own: about 1 KB gzip less per page). React on its own, so a change to the site's
          // code leaves the largest chunk cached. Both hold only modules every island loads anyway
          // (the lazily loaded admin sections load them through the admin console); the landing
          // page loads neither. The tests match file paths: keep them in step if these files move.
          codeSplitting: {
            groups: [
              { name: "react", test: /\/node_modules\/(react|react-dom|scheduler)\//, priority: 2 },
              { name: "island-common", test: /\/node_modules\/@tanstack\/|\/site\/src\/(components\/(toast|island-base|account\/use-logout)|lib\/(api|query-keys|queries-customer))\.tsx?$/, priority: 1 },
              // The landing page's script and the few helpers it shares with the islands (the match
              // clock, local time, prices): one chunk instead of three, which keeps the page in its budget.
              { name: "landing-lib", test: /\/site\/src\/lib\/(local-time|live-label|price-format)\.ts$|\/domain\/shared\/odds\.ts$/, priority: 3 },
            ],
          },
        },
      },
    },
  },
});
