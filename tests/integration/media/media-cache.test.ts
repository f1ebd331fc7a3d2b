// The media cache on local storage (ASSET_DIR under the test's data directory); see suite.ts.
import { describeMediaCache } from './suite';

describeMediaCache({ name: 'local storage', env: async () => ({}) });
