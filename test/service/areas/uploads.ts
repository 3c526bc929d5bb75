// POST /user_uploads: one file in a multipart body, stored and answered with the path messages
// link to, as real servers of the family answer it (`uri` is the older name of `url`).
import { nowSeconds } from '../context';
import { badRequest, fileTooLarge } from '../http/errors';
import type { Route } from '../http/router';
import { storeUpload } from '../uploads/store';

const MIB = 1024 * 1024;

export const uploadRoutes: Route[] = [
  {
    method: 'POST',
    path: '/user_uploads',
    params: [],
    handle({ sim, user, files }) {
      const [file, ...others] = files;
      if (file === undefined) throw badRequest('You must specify a file to upload');
      if (others.length > 0) throw badRequest('You may only upload one file at a time');
      if (file.data.length > sim.config.maxFileUploadSizeMib * MIB) throw fileTooLarge(sim.config.maxFileUploadSizeMib);
      const upload = storeUpload(sim.db, user.user_id, file.filename, file.contentType, file.data, nowSeconds());
      return { uri: upload.path, url: upload.path, filename: file.filename };
    },
  },
];
