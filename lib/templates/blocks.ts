// Placeholder type until the block model lands in this issue (see lib/templates/README in review).
export type Block = { type: string } & Record<string, unknown>;
