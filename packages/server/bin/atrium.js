#!/usr/bin/env node
// The `atrium` executable: runs the operator command line (src/cli/main.ts)
// in this process, with tsx's loader registered so that TypeScript runs as is.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
