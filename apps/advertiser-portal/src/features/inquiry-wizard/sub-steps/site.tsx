// Step 1.5: the site's address (the address search, or typed) and the permission document.
import { fieldErrors, siteStepSchema, subStepFields } from '@terres/domain';
import * as v from 'valibot';
import { SiteStep } from '../components/steps/site-step';
import { latestFileOf } from '../model/values';
import type { SubStepModule } from './types';

export const site: SubStepModule = {
  key: 'site',
  step: 1,
  fields: subStepFields('site'),
  otherWireFields: ['documents'],
  validate: (values, context) =>
    fieldErrors(
      v.safeParse(siteStepSchema, {
        siteAddress: values.siteAddress,
        siteLatitude: values.siteLatitude,
        siteLongitude: values.siteLongitude,
        permissionDocument: latestFileOf(context.documents, 'PERMISSION'),
      }),
    ),
  isEmpty: (values) => values.siteAddress.trim() === '',
  toWire: (values) => ({ site_address: values.siteAddress.trim(), site_latitude: values.siteLatitude, site_longitude: values.siteLongitude }),
  Component: ({ form, documents }) => <SiteStep form={form} {...documents} />,
};
