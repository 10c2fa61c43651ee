import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { nigeriaMap } from "./scripts/vite-plugin-nigeria-map.ts";

export default defineConfig({
  plugins: [nigeriaMap(), reactRouter()],
  build: {
    // One stylesheet (about 5 KB gzipped) instead of one per route: fewer render-blocking requests on a
    // slow connection, where each round trip costs more than the bytes.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Fewer, larger requests: on a 150 ms round trip each extra module request costs more than its bytes.
        // React, React DOM and React Router come as one chunk; our own code shared by several pages as another.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]/,
            },
            { name: "shared", test: /[\\/]src[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3001", "/media": "http://localhost:3001" } },
});
