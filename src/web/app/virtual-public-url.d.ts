// The module scripts/vite-plugin-public-url.ts generates at build time from PUBLIC_URL (and PORT).
declare module "virtual:public-url" {
  const publicUrl: string;
  export default publicUrl;
}
