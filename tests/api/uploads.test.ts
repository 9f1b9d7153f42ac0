import { describe, expect, it } from 'vitest';
import { backends, Client, useInstalledApp, newUser } from '../support/app';
import { dataUrl, PDF_MINIMAL, PNG_1PX, pngOfSize, TEXT_FILE } from '../support/files';

describe.each(backends)('uploads (%s)', (backend) => {
  const env = useInstalledApp(backend);

  const photo = (unid: number, name = 'foto.png') => ({
    unid,
    documento: 'imgPerfil',
    name,
    type: 'image/png',
    base64: dataUrl('image/png', PNG_1PX),
  });

  it('stores a profile photo, returns it as a data URL, and a second photo replaces the first', async () => {
    const first = await env.admin.post('/v1/uploads', [photo(1)]);
    expect(first.status).toBe(201);
    expect(first.body).toEqual([
      expect.objectContaining({ unid: 1, userId: 1, documento: 'imgPerfil', name: 'foto.png', type: 'image/png', size: PNG_1PX.length }),
    ]);
    expect(first.body[0].base64).toBe(dataUrl('image/png', PNG_1PX));
    const second = await env.admin.post('/v1/uploads', [
      { ...photo(1, 'nova.png'), unid: undefined, userId: 1, base64: PNG_1PX.toString('base64') },
    ]);
    expect(second.status).toBe(201);
    const list = await env.admin.get('/v1/uploads?unid=1&documento=imgPerfil');
    expect(list.body.meta.totalItens).toBe(1);
    expect(list.body.Items.map((u: any) => u.name)).toEqual(['nova.png']);
  });

  it('reads the type from the content: a text file named .png and a PDF as a photo are refused', async () => {
    const fake = await env.admin.post('/v1/uploads', [{ ...photo(1, 'falsa.png'), base64: dataUrl('image/png', TEXT_FILE) }]);
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe('Tipo de arquivo não permitido para este documento.');
    expect(fake.body.errors).toHaveProperty('0.base64');
    const pdfAsPhoto = await env.admin.post('/v1/uploads', [{ ...photo(1, 'doc.pdf'), base64: dataUrl('application/pdf', PDF_MINIMAL) }]);
    expect(pdfAsPhoto.status).toBe(400);
    // A PDF is fine among a user's documents, and its stored type comes from the bytes.
    const pdf = await env.admin.post('/v1/uploads', [
      { unid: 1, documento: 'users', name: 'rg.pdf', type: 'image/png', base64: dataUrl('application/pdf', PDF_MINIMAL) },
    ]);
    expect(pdf.status).toBe(201);
    expect(pdf.body[0].type).toBe('application/pdf');
    const broken = await env.admin.post('/v1/uploads', [{ ...photo(1), base64: '@@@não é base64@@@' }]);
    expect(broken.status).toBe(400);
  });

  it('refuses files over 5,000,000 bytes decoded with 413 and stores nothing of the batch', async () => {
    const before = (await env.admin.get('/v1/uploads?unid=1&documento=users')).body.meta.totalItens;
    const exact = await env.admin.post('/v1/uploads', [
      { unid: 1, documento: 'users', name: 'limite.png', type: 'image/png', base64: pngOfSize(5_000_000).toString('base64') },
    ]);
    expect(exact.status).toBe(201);
    const tooBig = await env.admin.post('/v1/uploads', [
      { unid: 1, documento: 'users', name: 'ok.png', type: 'image/png', base64: PNG_1PX.toString('base64') },
      { unid: 1, documento: 'users', name: 'grande.png', type: 'image/png', base64: pngOfSize(5_000_001).toString('base64') },
    ]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Arquivo maior que 5.000.000 bytes.');
    expect((await env.admin.get('/v1/uploads?unid=1&documento=users')).body.meta.totalItens).toBe(before + 1);
  });

  it('a Usuario may use its own files but not another user’s: each refusal says what was refused, and changes nothing', async () => {
    const data = newUser();
    const created = (await env.admin.post('/v1/users', data)).body;
    const usuario = new Client(env.t.app);
    expect((await usuario.login(data.login, data.password)).status).toBe(200);
    const own = await usuario.post('/v1/uploads', [photo(created.id)]);
    expect(own.status).toBe(201);
    const adminFile = await env.admin.post('/v1/uploads', [
      { unid: 1, documento: 'users', name: 'rg-admin.png', type: 'image/png', base64: dataUrl('image/png', PNG_1PX) },
    ]);
    expect(adminFile.status).toBe(201);
    /** Every file of both users, as the administrator reads them. */
    const everything = async () => {
      const lists = [];
      for (const unid of [1, created.id])
        for (const documento of ['imgPerfil', 'users']) {
          const list = await env.admin.get(`/v1/uploads?unid=${unid}&documento=${documento}`);
          expect(list.status).toBe(200);
          lists.push(list.body);
        }
      return lists;
    };
    const before = await everything();
    expect(before.flatMap((list) => list.Items).length).toBeGreaterThanOrEqual(3);

    const refusals = [
      { reply: await usuario.post('/v1/uploads', [photo(1)]), message: 'Você só pode enviar arquivos para o seu próprio usuário.' },
      {
        reply: await usuario.get('/v1/uploads?unid=1&documento=imgPerfil'),
        message: 'Você só pode ver os arquivos do seu próprio usuário.',
      },
      { reply: await usuario.get('/v1/uploads?unid=1&documento=users'), message: 'Você só pode ver os arquivos do seu próprio usuário.' },
      {
        reply: await usuario.delete(`/v1/uploads/${adminFile.body[0].id}`),
        message: 'Você só pode remover arquivos do seu próprio usuário.',
      },
      {
        reply: await usuario.put('/v1/uploads', [{ ...photo(created.id), id: adminFile.body[0].id }]),
        message: 'Você só pode substituir arquivos do seu próprio usuário.',
      },
      // Its own file, moved to another user.
      {
        reply: await usuario.put('/v1/uploads', [{ ...photo(1), id: own.body[0].id }]),
        message: 'Você só pode enviar arquivos para o seu próprio usuário.',
      },
    ];
    for (const { reply, message } of refusals) {
      expect(reply.status, message).toBe(403);
      expect(reply.body.message).toBe(message);
    }
    expect(await everything()).toEqual(before);
    // Its own files are its to read; the administrator manages everyone's.
    expect((await usuario.get(`/v1/uploads?unid=${created.id}&documento=imgPerfil`)).body.meta.totalItens).toBe(1);
    expect((await env.admin.get(`/v1/uploads?unid=${created.id}&documento=imgPerfil`)).body.meta.totalItens).toBe(1);
  });

  it('replaces a file with PUT and removes it with DELETE; unknown owners and ids are refused', async () => {
    const [saved] = (
      await env.admin.post('/v1/uploads', [
        { unid: 1, documento: 'users', name: 'cnh.png', type: 'image/png', base64: dataUrl('image/png', PNG_1PX) },
      ])
    ).body;
    const replaced = await env.admin.put('/v1/uploads', [
      {
        id: saved.id,
        unid: 1,
        documento: 'users',
        name: 'cnh-verso.pdf',
        type: 'application/pdf',
        base64: dataUrl('application/pdf', PDF_MINIMAL),
      },
    ]);
    expect(replaced.status).toBe(200);
    expect(replaced.body[0]).toMatchObject({ id: saved.id, name: 'cnh-verso.pdf', type: 'application/pdf' });
    expect(
      (await env.admin.put('/v1/uploads', [{ unid: 1, documento: 'users', name: 'x.png', base64: PNG_1PX.toString('base64') }])).status,
    ).toBe(400);
    const removed = await env.admin.delete(`/v1/uploads/${saved.id}`);
    expect(removed.status).toBe(200);
    expect((await env.admin.delete(`/v1/uploads/${saved.id}`)).status).toBe(404);
    const orphan = await env.admin.post('/v1/uploads', [{ ...photo(999_999) }]);
    expect(orphan.status).toBe(400);
    expect(orphan.body.errors).toEqual({ '0.unid': 'Dono do arquivo não encontrado' });
    expect((await env.admin.get('/v1/uploads?unid=1')).status).toBe(400);
    expect((await env.admin.post('/v1/uploads', [])).status).toBe(400);
    expect((await env.admin.post('/v1/uploads', [{ ...photo(1), documento: 'outro' }])).status).toBe(400);
  });
});
