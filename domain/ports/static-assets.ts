/** A file of the built site, and where the built site's files come from (dist/ on disk in production: adapters/system/static-files.ts). */
export interface StaticAsset {
  body: Uint8Array;
  contentType: string;
}
export interface AssetSource {
  get(path: string): Promise<StaticAsset | null>;
}
