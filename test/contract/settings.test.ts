import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/test-service.js';
import { gpuProvider } from '../../main/service/jobs/analysis-runner.js';

/** GET/PUT /v1/settings (API extension, docs/api.md): the app's settings screen over the API. */
let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('/v1/settings', () => {
  it('reads the processor (CPU by default), the data folder, the API address and the token\'s limits', async () => {
    const res = await t.api.get('/v1/settings');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      processor: 'cpu', data_dir: t.home, api_base: `${t.base}/v1`,
      token: { rate_limit_per_minute: expect.any(Number), tracking_downloads_per_hour: expect.any(Number) },
    });
    expect(res.body.data.execution_providers).toContain('cpu');
    expect((await t.api.get('/v1/settings', null)).status).toBe(401);
  });

  it('keeps a changed processor across a restart, and refuses values it does not know ({message}, stored value unchanged)', async () => {
    const put = await t.api.put('/v1/settings', { processor: 'gpu' });
    expect(put.status).toBe(200);
    expect(put.body.data.processor).toBe('gpu');
    const bad = await t.api.put('/v1/settings', { processor: 'tpu' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/processor/);
    const unknown = await t.api.put('/v1/settings', { theme: 'dark' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toMatch(/theme/);
    await t.stop();
    t = await startTestService({ home: t.home });
    expect((await t.api.get('/v1/settings')).body.data.processor).toBe('gpu');
    expect((await t.api.put('/v1/settings', {})).body.data.processor).toBe('gpu');
  });

  it('maps gpu to the platform\'s provider and cpu to the engine default', () => {
    expect(gpuProvider('gpu', 'darwin')).toBe('coreml');
    expect(gpuProvider('gpu', 'win32')).toBe('dml');
    expect(gpuProvider('gpu', 'linux')).toBe('cuda');
    expect(gpuProvider('cpu', 'linux')).toBeUndefined();
  });
});
