/** Meu perfil: the personal, company and access data, and the photo. */

export const profileMessages = {
  app: {
    profile: {
      title: 'Meu perfil',
      personal: 'Dados pessoais',
      address: 'Endereço',
      company: 'Dados da empresa',
      access: 'Dados de acesso',
      photo: 'Foto do perfil',
      change_photo: 'Alterar foto do perfil',
      photo_dialog: 'Enviar foto',
      photo_drop: 'Arraste uma imagem aqui ou clique para escolher',
      photo_hint: 'PNG, JPEG, WebP ou GIF, até 5.000.000 bytes',
      cancel: 'Cancelar',
      submit: 'Enviar',
      save: 'Salvar',
    },
  },
};
