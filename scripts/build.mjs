// `npm run build` (and `npm start`, `npm test`, `npm run bench`): the one
// production build. React Router's build (client and server bundles; it
// empties the build folder first), then the public site's enhancement module
// (scripts/build-enhance.mjs, which writes BUILD_DIR/enhance.json). A build
// without the second half serves public pages with no script at all, so
// nothing calls `react-router build` on its own.
import { spawnSync } from "node:child_process";
import { reactRouter } from "./react-router.mjs";

const code = await reactRouter(["build"]);
if (code !== 0) process.exit(code);
const enhance = spawnSync(process.execPath, ["scripts/build-enhance.mjs"], { env: process.env, stdio: "inherit" });
process.exit(enhance.status ?? 1);
