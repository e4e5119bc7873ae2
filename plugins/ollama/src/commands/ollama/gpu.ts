import {GovCommand, color} from 'govtool'

import {detectGpu, recommendedNumCtx, type GpuInfo} from '../../lib/gpu.js'

export interface OllamaGpuResult extends GpuInfo {
  num_ctx: number
}

export default class OllamaGpu extends GovCommand<OllamaGpuResult> {
  static override summary = 'Detect GPU memory and print the recommended num_ctx.'
  static override description = `Probes nvidia-smi, then rocm-smi, then Apple Silicon unified memory (sysctl hw.memsize), and maps the
memory found to a context window: under 6 GB 4096; 6-11 GB 8192; 12-19 GB 16384; 20 GB or more 32768.`

  static override examples = ['<%= config.bin %> ollama gpu', '<%= config.bin %> ollama gpu --json']

  async run(): Promise<OllamaGpuResult> {
    await this.parse(OllamaGpu)
    const gpu = await detectGpu()
    const result = {...gpu, num_ctx: recommendedNumCtx(gpu.vram_gb)}
    if (gpu.vendor === 'none') {
      this.log(`No GPU found (tried nvidia-smi, rocm-smi${process.platform === 'darwin' ? ', sysctl' : ''}); models run on CPU.`)
    } else {
      const devices = gpu.devices > 1 ? ` over ${gpu.devices} devices` : ''
      this.log(`${color.bold(gpu.vendor)} GPU: ${gpu.vram_gb} GB${devices} (from ${gpu.source})`)
    }
    this.log(`Recommended num_ctx: ${color.bold(String(result.num_ctx))}`)
    return result
  }
}
