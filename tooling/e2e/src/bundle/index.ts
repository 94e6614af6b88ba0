export {
  chunksHolding,
  formatInitialLoad,
  initialChunks,
  kindOf,
  measureFiles,
  measureInitialLoad,
  packageOf,
  readManifest,
  type ChunkSize,
  type InitialLoad,
  type Manifest,
  type ManifestChunk,
} from './analyze';
