import type { FastifyPluginAsync } from 'fastify';
import { defineAdminResource } from '~/core/admin/admin-resource.server';
import { registerFormBody } from '~/core/http/form-body.server';
import { catalogAdminMessages } from './messages';
import { warehouseListQuery, warehouseSchema, warehouseUpdateSchema } from './warehouse-validation';
import { createWarehouse, deleteWarehouse, getAdminWarehouse, listAdminWarehouses, updateWarehouse } from './warehouses-admin.server';

/**
 * The administrator API of warehouses (issue 39; admin area `warehouses`, permission
 * products.view / products.update): list, one, create, update (409 on a stale version), delete
 * (409 while stock rows use it). Multipart or JSON bodies, a few short fields.
 */
export const warehousesAdminApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, { limits: { files: 0, fields: 20, fieldSize: 4 * 1024 } });
  defineAdminResource(app, {
    path: '/api/admin/warehouses',
    area: 'warehouses',
    messages: catalogAdminMessages,
    labels: { notFound: 'wh.msg.notFound', created: 'wh.msg.created', updated: 'wh.msg.updated', deleted: 'wh.msg.deleted' },
    list: { query: warehouseListQuery, load: listAdminWarehouses },
    read: (id) => getAdminWarehouse(id),
    create: { schema: warehouseSchema, save: createWarehouse },
    update: { schema: warehouseUpdateSchema, save: updateWarehouse },
    remove: deleteWarehouse,
  });
};
