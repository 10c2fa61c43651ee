import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { nigeriaMap } from "./scripts/vite-plugin-nigeria-map.ts";

export default defineConfig({
  plugins: [nigeriaMap(), reactRouter()],
  server: { proxy: { "/api": "http://localhost:3001", "/media": "http://localhost:3001" } },
});
