import { ACESSO, USER_STATUS } from '../../../domain/constants';

export const acessoChoices = [
  { id: ACESSO.ADMIN, name: 'app.acesso.admin' },
  { id: ACESSO.USUARIO, name: 'app.acesso.usuario' },
];

export const statusChoices = [
  { id: USER_STATUS.ATIVO, name: 'app.status.ativo' },
  { id: USER_STATUS.BLOQUEADO, name: 'app.status.bloqueado' },
];
