/** The SDK's version (sdk/package.json; a unit spec keeps the two equal). */
export const SDK_VERSION = '0.1.0';

export const SDK_USER_AGENT = `agent-network-sdk/${SDK_VERSION} node/${process.versions.node}`;
