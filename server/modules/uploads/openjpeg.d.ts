// The few parts of @cornerstonejs/codec-openjpeg (an Emscripten build, shipped without types) that jpeg2000.ts uses.
declare module '@cornerstonejs/codec-openjpeg/wasmjs' {
  type FrameInfo = { width: number; height: number; bitsPerSample: number; componentCount: number; isSigned: boolean }
  interface J2KDecoder {
    getEncodedBuffer(length: number): Uint8Array
    decode(): void
    getFrameInfo(): FrameInfo
    getDecodedBuffer(): Uint8Array
    delete(): void
  }
  interface J2KEncoder {
    getDecodedBuffer(info: FrameInfo & { isUsingColorTransform: boolean }): Uint8Array
    encode(): void
    getEncodedBuffer(): Uint8Array
    delete(): void
  }
  type Codec = { J2KDecoder: new () => J2KDecoder; J2KEncoder: new () => J2KEncoder }
  const factory: (overrides?: { print?: (text: string) => void; printErr?: (text: string) => void }) => Promise<Codec>
  export default factory
}
