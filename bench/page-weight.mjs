#!/usr/bin/env node
/**
 * JavaScript each built page loads, gzip-compressed (see bench/lib/pages.ts). Run after
 * `npm run build`: node bench/page-weight.mjs
 */
import { pageWeights } from "./lib/pages.ts";

console.table(pageWeights());
