/** The built command's URL when it is current (see current-build.mjs), else undefined. */
export function currentBuild(root: URL): URL | undefined;
