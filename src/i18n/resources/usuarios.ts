/** The users' screens: their fields, the forms' titles and the access levels. */

export const usuariosMessages = {
  resources: {
    usuarios: {
      name: 'Usuário |||| Usuários',
      fields: {
        doisFatores: 'Verificação em duas etapas',
        id: 'Código',
        name: 'Nome',
        cpf: 'CPF/CNPJ',
        email: 'Email',
        phone: 'Telefone',
        mobilePhone: 'Celular',
        address: 'Endereço',
        addressNumber: 'Número',
        province: 'Bairro',
        cityandstate: 'Cidade',
        uf: 'UF',
        postalCode: 'CEP',
        complement: 'Complemento',
        login: 'Login',
        password: 'Senha',
        acesso: 'Acesso',
        bloqueado: 'Bloqueado',
        status: 'Status',
        pesquisa: 'Pesquisa',
        dadosempresa: { nome: 'Nome da empresa', contato: 'Contato', cnpj: 'CNPJ' },
      },
    },
  },
  app: {
    usuarios: {
      create_title: 'Novo Usuário',
      edit_title: 'Usuário',
      password_help: 'Deixe em branco para manter a senha atual.',
    },
    acesso: { admin: 'Administrador', usuario: 'Usuário', tecnico: 'Técnico' },
  },
};
