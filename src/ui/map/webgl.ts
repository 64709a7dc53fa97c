/**
 * Whether this browser can give the map a WebGL context (maplibre needs one). Old phones,
 * some locked-down browsers and "no hardware acceleration" settings cannot: the map screen
 * then lists the places instead of showing a blank canvas. The probe context is released.
 */
export function hasWebGL(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}
