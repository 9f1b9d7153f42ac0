import { ACESSO, USER_STATUS } from '../../../domain/constants';

export const acessoChoices = [
  { id: ACESSO.ADMIN, name: 'app.acesso.admin' },
  { id: ACESSO.USUARIO, name: 'app.acesso.usuario' },
  { id: ACESSO.TECNICO, name: 'app.acesso.tecnico' },
];

/** The label of a user's access level. */
export const acessoLabel = (acesso: number) => acessoChoices.find((choice) => choice.id === Number(acesso))?.name ?? 'app.acesso.usuario';

export const statusChoices = [
  { id: USER_STATUS.ATIVO, name: 'app.status.ativo' },
  { id: USER_STATUS.BLOQUEADO, name: 'app.status.bloqueado' },
];
