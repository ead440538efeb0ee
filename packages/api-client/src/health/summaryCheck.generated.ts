// Generated from checkSummaryReplySchema (health/schemas.ts) by generateCheckModule (checkCode.test.helper.ts); do not edit.
// Run `pnpm --filter @opsdeck/api-client run generate` after changing the schema.
/* eslint-disable */
// @ts-nocheck

export const checkSummaryReply = validate10;
const schema11 = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    duration: { type: ['number', 'null'] },
    runnerName: { type: ['string', 'null'] },
    checks_summary: {
      anyOf: [
        {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              canary_id: { type: 'string' },
              canary_name: { type: ['string', 'null'] },
              canary_namespace: { type: ['string', 'null'] },
              agent_id: { type: ['string', 'null'] },
              name: { type: 'string' },
              namespace: { type: ['string', 'null'] },
              type: { type: 'string' },
              icon: { type: ['string', 'null'] },
              description: { type: ['string', 'null'] },
              labels: {
                anyOf: [
                  {
                    type: 'object',
                    propertyNames: { type: 'string' },
                    additionalProperties: { type: 'string' },
                  },
                  { type: 'null' },
                ],
              },
              status: { type: ['string', 'null'] },
              severity: { type: ['string', 'null'] },
              owner: { type: ['string', 'null'] },
              last_runtime: { type: ['string', 'null'] },
              last_transition_time: { type: ['string', 'null'] },
              created_at: { type: 'string' },
              updated_at: { type: ['string', 'null'] },
              deleted_at: { type: ['string', 'null'] },
              silenced_at: { type: ['string', 'null'] },
              uptime: {
                type: 'object',
                properties: {
                  passed: { type: 'number' },
                  failed: { type: 'number' },
                  last_pass: { type: ['string', 'null'] },
                  last_fail: { type: ['string', 'null'] },
                },
                required: ['passed', 'failed'],
                additionalProperties: {},
              },
              latency: {
                type: 'object',
                properties: {
                  p99: { type: ['number', 'null'] },
                  p97: { type: ['number', 'null'] },
                  p95: { type: ['number', 'null'] },
                  rolling1h: { type: 'number' },
                },
                required: ['rolling1h'],
                additionalProperties: {},
              },
            },
            required: ['id', 'canary_id', 'name', 'type', 'created_at', 'uptime', 'latency'],
            additionalProperties: {},
          },
        },
        { type: 'null' },
      ],
    },
  },
  additionalProperties: {},
};

function validate10(
  data,
  { instancePath = '', parentData, parentDataProperty, rootData = data } = {},
) {
  let vErrors = null;
  let errors = 0;
  if (errors === 0) {
    if (data && typeof data == 'object' && !Array.isArray(data)) {
      if (data.duration !== undefined) {
        let data0 = data.duration;
        const _errs2 = errors;
        if (!(typeof data0 == 'number' && isFinite(data0)) && data0 !== null) {
          validate10.errors = [
            {
              instancePath: instancePath + '/duration',
              schemaPath: '#/properties/duration/type',
              keyword: 'type',
              params: { type: schema11.properties.duration.type },
            },
          ];
          return false;
        }
        var valid0 = _errs2 === errors;
      } else {
        var valid0 = true;
      }
      if (valid0) {
        if (data.runnerName !== undefined) {
          let data1 = data.runnerName;
          const _errs4 = errors;
          if (typeof data1 !== 'string' && data1 !== null) {
            validate10.errors = [
              {
                instancePath: instancePath + '/runnerName',
                schemaPath: '#/properties/runnerName/type',
                keyword: 'type',
                params: { type: schema11.properties.runnerName.type },
              },
            ];
            return false;
          }
          var valid0 = _errs4 === errors;
        } else {
          var valid0 = true;
        }
        if (valid0) {
          if (data.checks_summary !== undefined) {
            let data2 = data.checks_summary;
            const _errs6 = errors;
            const _errs7 = errors;
            let valid1 = false;
            const _errs8 = errors;
            if (errors === _errs8) {
              if (Array.isArray(data2)) {
                var valid2 = true;
                const len0 = data2.length;
                for (let i0 = 0; i0 < len0; i0++) {
                  let data3 = data2[i0];
                  const _errs10 = errors;
                  if (errors === _errs10) {
                    if (data3 && typeof data3 == 'object' && !Array.isArray(data3)) {
                      let missing0;
                      if (
                        (data3.id === undefined && (missing0 = 'id')) ||
                        (data3.canary_id === undefined && (missing0 = 'canary_id')) ||
                        (data3.name === undefined && (missing0 = 'name')) ||
                        (data3.type === undefined && (missing0 = 'type')) ||
                        (data3.created_at === undefined && (missing0 = 'created_at')) ||
                        (data3.uptime === undefined && (missing0 = 'uptime')) ||
                        (data3.latency === undefined && (missing0 = 'latency'))
                      ) {
                        const err0 = {
                          instancePath: instancePath + '/checks_summary/' + i0,
                          schemaPath: '#/properties/checks_summary/anyOf/0/items/required',
                          keyword: 'required',
                          params: { missingProperty: missing0 },
                        };
                        if (vErrors === null) {
                          vErrors = [err0];
                        } else {
                          vErrors.push(err0);
                        }
                        errors++;
                      } else {
                        if (data3.id !== undefined) {
                          const _errs13 = errors;
                          if (typeof data3.id !== 'string') {
                            const err1 = {
                              instancePath: instancePath + '/checks_summary/' + i0 + '/id',
                              schemaPath:
                                '#/properties/checks_summary/anyOf/0/items/properties/id/type',
                              keyword: 'type',
                              params: { type: 'string' },
                            };
                            if (vErrors === null) {
                              vErrors = [err1];
                            } else {
                              vErrors.push(err1);
                            }
                            errors++;
                          }
                          var valid3 = _errs13 === errors;
                        } else {
                          var valid3 = true;
                        }
                        if (valid3) {
                          if (data3.canary_id !== undefined) {
                            const _errs15 = errors;
                            if (typeof data3.canary_id !== 'string') {
                              const err2 = {
                                instancePath: instancePath + '/checks_summary/' + i0 + '/canary_id',
                                schemaPath:
                                  '#/properties/checks_summary/anyOf/0/items/properties/canary_id/type',
                                keyword: 'type',
                                params: { type: 'string' },
                              };
                              if (vErrors === null) {
                                vErrors = [err2];
                              } else {
                                vErrors.push(err2);
                              }
                              errors++;
                            }
                            var valid3 = _errs15 === errors;
                          } else {
                            var valid3 = true;
                          }
                          if (valid3) {
                            if (data3.canary_name !== undefined) {
                              let data6 = data3.canary_name;
                              const _errs17 = errors;
                              if (typeof data6 !== 'string' && data6 !== null) {
                                const err3 = {
                                  instancePath:
                                    instancePath + '/checks_summary/' + i0 + '/canary_name',
                                  schemaPath:
                                    '#/properties/checks_summary/anyOf/0/items/properties/canary_name/type',
                                  keyword: 'type',
                                  params: {
                                    type: schema11.properties.checks_summary.anyOf[0].items
                                      .properties.canary_name.type,
                                  },
                                };
                                if (vErrors === null) {
                                  vErrors = [err3];
                                } else {
                                  vErrors.push(err3);
                                }
                                errors++;
                              }
                              var valid3 = _errs17 === errors;
                            } else {
                              var valid3 = true;
                            }
                            if (valid3) {
                              if (data3.canary_namespace !== undefined) {
                                let data7 = data3.canary_namespace;
                                const _errs19 = errors;
                                if (typeof data7 !== 'string' && data7 !== null) {
                                  const err4 = {
                                    instancePath:
                                      instancePath + '/checks_summary/' + i0 + '/canary_namespace',
                                    schemaPath:
                                      '#/properties/checks_summary/anyOf/0/items/properties/canary_namespace/type',
                                    keyword: 'type',
                                    params: {
                                      type: schema11.properties.checks_summary.anyOf[0].items
                                        .properties.canary_namespace.type,
                                    },
                                  };
                                  if (vErrors === null) {
                                    vErrors = [err4];
                                  } else {
                                    vErrors.push(err4);
                                  }
                                  errors++;
                                }
                                var valid3 = _errs19 === errors;
                              } else {
                                var valid3 = true;
                              }
                              if (valid3) {
                                if (data3.agent_id !== undefined) {
                                  let data8 = data3.agent_id;
                                  const _errs21 = errors;
                                  if (typeof data8 !== 'string' && data8 !== null) {
                                    const err5 = {
                                      instancePath:
                                        instancePath + '/checks_summary/' + i0 + '/agent_id',
                                      schemaPath:
                                        '#/properties/checks_summary/anyOf/0/items/properties/agent_id/type',
                                      keyword: 'type',
                                      params: {
                                        type: schema11.properties.checks_summary.anyOf[0].items
                                          .properties.agent_id.type,
                                      },
                                    };
                                    if (vErrors === null) {
                                      vErrors = [err5];
                                    } else {
                                      vErrors.push(err5);
                                    }
                                    errors++;
                                  }
                                  var valid3 = _errs21 === errors;
                                } else {
                                  var valid3 = true;
                                }
                                if (valid3) {
                                  if (data3.name !== undefined) {
                                    const _errs23 = errors;
                                    if (typeof data3.name !== 'string') {
                                      const err6 = {
                                        instancePath:
                                          instancePath + '/checks_summary/' + i0 + '/name',
                                        schemaPath:
                                          '#/properties/checks_summary/anyOf/0/items/properties/name/type',
                                        keyword: 'type',
                                        params: { type: 'string' },
                                      };
                                      if (vErrors === null) {
                                        vErrors = [err6];
                                      } else {
                                        vErrors.push(err6);
                                      }
                                      errors++;
                                    }
                                    var valid3 = _errs23 === errors;
                                  } else {
                                    var valid3 = true;
                                  }
                                  if (valid3) {
                                    if (data3.namespace !== undefined) {
                                      let data10 = data3.namespace;
                                      const _errs25 = errors;
                                      if (typeof data10 !== 'string' && data10 !== null) {
                                        const err7 = {
                                          instancePath:
                                            instancePath + '/checks_summary/' + i0 + '/namespace',
                                          schemaPath:
                                            '#/properties/checks_summary/anyOf/0/items/properties/namespace/type',
                                          keyword: 'type',
                                          params: {
                                            type: schema11.properties.checks_summary.anyOf[0].items
                                              .properties.namespace.type,
                                          },
                                        };
                                        if (vErrors === null) {
                                          vErrors = [err7];
                                        } else {
                                          vErrors.push(err7);
                                        }
                                        errors++;
                                      }
                                      var valid3 = _errs25 === errors;
                                    } else {
                                      var valid3 = true;
                                    }
                                    if (valid3) {
                                      if (data3.type !== undefined) {
                                        const _errs27 = errors;
                                        if (typeof data3.type !== 'string') {
                                          const err8 = {
                                            instancePath:
                                              instancePath + '/checks_summary/' + i0 + '/type',
                                            schemaPath:
                                              '#/properties/checks_summary/anyOf/0/items/properties/type/type',
                                            keyword: 'type',
                                            params: { type: 'string' },
                                          };
                                          if (vErrors === null) {
                                            vErrors = [err8];
                                          } else {
                                            vErrors.push(err8);
                                          }
                                          errors++;
                                        }
                                        var valid3 = _errs27 === errors;
                                      } else {
                                        var valid3 = true;
                                      }
                                      if (valid3) {
                                        if (data3.icon !== undefined) {
                                          let data12 = data3.icon;
                                          const _errs29 = errors;
                                          if (typeof data12 !== 'string' && data12 !== null) {
                                            const err9 = {
                                              instancePath:
                                                instancePath + '/checks_summary/' + i0 + '/icon',
                                              schemaPath:
                                                '#/properties/checks_summary/anyOf/0/items/properties/icon/type',
                                              keyword: 'type',
                                              params: {
                                                type: schema11.properties.checks_summary.anyOf[0]
                                                  .items.properties.icon.type,
                                              },
                                            };
                                            if (vErrors === null) {
                                              vErrors = [err9];
                                            } else {
                                              vErrors.push(err9);
                                            }
                                            errors++;
                                          }
                                          var valid3 = _errs29 === errors;
                                        } else {
                                          var valid3 = true;
                                        }
                                        if (valid3) {
                                          if (data3.description !== undefined) {
                                            let data13 = data3.description;
                                            const _errs31 = errors;
                                            if (typeof data13 !== 'string' && data13 !== null) {
                                              const err10 = {
                                                instancePath:
                                                  instancePath +
                                                  '/checks_summary/' +
                                                  i0 +
                                                  '/description',
                                                schemaPath:
                                                  '#/properties/checks_summary/anyOf/0/items/properties/description/type',
                                                keyword: 'type',
                                                params: {
                                                  type: schema11.properties.checks_summary.anyOf[0]
                                                    .items.properties.description.type,
                                                },
                                              };
                                              if (vErrors === null) {
                                                vErrors = [err10];
                                              } else {
                                                vErrors.push(err10);
                                              }
                                              errors++;
                                            }
                                            var valid3 = _errs31 === errors;
                                          } else {
                                            var valid3 = true;
                                          }
                                          if (valid3) {
                                            if (data3.labels !== undefined) {
                                              let data14 = data3.labels;
                                              const _errs33 = errors;
                                              const _errs34 = errors;
                                              let valid4 = false;
                                              const _errs35 = errors;
                                              if (errors === _errs35) {
                                                if (
                                                  data14 &&
                                                  typeof data14 == 'object' &&
                                                  !Array.isArray(data14)
                                                ) {
                                                  for (const key0 in data14) {
                                                    const _errs37 = errors;
                                                    if (typeof key0 !== 'string') {
                                                      const err11 = {
                                                        instancePath:
                                                          instancePath +
                                                          '/checks_summary/' +
                                                          i0 +
                                                          '/labels',
                                                        schemaPath:
                                                          '#/properties/checks_summary/anyOf/0/items/properties/labels/anyOf/0/propertyNames/type',
                                                        keyword: 'type',
                                                        params: { type: 'string' },
                                                        propertyName: key0,
                                                      };
                                                      if (vErrors === null) {
                                                        vErrors = [err11];
                                                      } else {
                                                        vErrors.push(err11);
                                                      }
                                                      errors++;
                                                    }
                                                    var valid5 = _errs37 === errors;
                                                    if (!valid5) {
                                                      const err12 = {
                                                        instancePath:
                                                          instancePath +
                                                          '/checks_summary/' +
                                                          i0 +
                                                          '/labels',
                                                        schemaPath:
                                                          '#/properties/checks_summary/anyOf/0/items/properties/labels/anyOf/0/propertyNames',
                                                        keyword: 'propertyNames',
                                                        params: { propertyName: key0 },
                                                      };
                                                      if (vErrors === null) {
                                                        vErrors = [err12];
                                                      } else {
                                                        vErrors.push(err12);
                                                      }
                                                      errors++;
                                                      break;
                                                    }
                                                  }
                                                  if (valid5) {
                                                    for (const key1 in data14) {
                                                      const _errs40 = errors;
                                                      if (typeof data14[key1] !== 'string') {
                                                        const err13 = {
                                                          instancePath:
                                                            instancePath +
                                                            '/checks_summary/' +
                                                            i0 +
                                                            '/labels/' +
                                                            key1
                                                              .replace(/~/g, '~0')
                                                              .replace(/\//g, '~1'),
                                                          schemaPath:
                                                            '#/properties/checks_summary/anyOf/0/items/properties/labels/anyOf/0/additionalProperties/type',
                                                          keyword: 'type',
                                                          params: { type: 'string' },
                                                        };
                                                        if (vErrors === null) {
                                                          vErrors = [err13];
                                                        } else {
                                                          vErrors.push(err13);
                                                        }
                                                        errors++;
                                                      }
                                                      var valid6 = _errs40 === errors;
                                                      if (!valid6) {
                                                        break;
                                                      }
                                                    }
                                                  }
                                                } else {
                                                  const err14 = {
                                                    instancePath:
                                                      instancePath +
                                                      '/checks_summary/' +
                                                      i0 +
                                                      '/labels',
                                                    schemaPath:
                                                      '#/properties/checks_summary/anyOf/0/items/properties/labels/anyOf/0/type',
                                                    keyword: 'type',
                                                    params: { type: 'object' },
                                                  };
                                                  if (vErrors === null) {
                                                    vErrors = [err14];
                                                  } else {
                                                    vErrors.push(err14);
                                                  }
                                                  errors++;
                                                }
                                              }
                                              var _valid1 = _errs35 === errors;
                                              valid4 = valid4 || _valid1;
                                              if (!valid4) {
                                                const _errs42 = errors;
                                                if (data14 !== null) {
                                                  const err15 = {
                                                    instancePath:
                                                      instancePath +
                                                      '/checks_summary/' +
                                                      i0 +
                                                      '/labels',
                                                    schemaPath:
                                                      '#/properties/checks_summary/anyOf/0/items/properties/labels/anyOf/1/type',
                                                    keyword: 'type',
                                                    params: { type: 'null' },
                                                  };
                                                  if (vErrors === null) {
                                                    vErrors = [err15];
                                                  } else {
                                                    vErrors.push(err15);
                                                  }
                                                  errors++;
                                                }
                                                var _valid1 = _errs42 === errors;
                                                valid4 = valid4 || _valid1;
                                              }
                                              if (!valid4) {
                                                const err16 = {
                                                  instancePath:
                                                    instancePath +
                                                    '/checks_summary/' +
                                                    i0 +
                                                    '/labels',
                                                  schemaPath:
                                                    '#/properties/checks_summary/anyOf/0/items/properties/labels/anyOf',
                                                  keyword: 'anyOf',
                                                  params: {},
                                                };
                                                if (vErrors === null) {
                                                  vErrors = [err16];
                                                } else {
                                                  vErrors.push(err16);
                                                }
                                                errors++;
                                              } else {
                                                errors = _errs34;
                                                if (vErrors !== null) {
                                                  if (_errs34) {
                                                    vErrors.length = _errs34;
                                                  } else {
                                                    vErrors = null;
                                                  }
                                                }
                                              }
                                              var valid3 = _errs33 === errors;
                                            } else {
                                              var valid3 = true;
                                            }
                                            if (valid3) {
                                              if (data3.status !== undefined) {
                                                let data16 = data3.status;
                                                const _errs44 = errors;
                                                if (typeof data16 !== 'string' && data16 !== null) {
                                                  const err17 = {
                                                    instancePath:
                                                      instancePath +
                                                      '/checks_summary/' +
                                                      i0 +
                                                      '/status',
                                                    schemaPath:
                                                      '#/properties/checks_summary/anyOf/0/items/properties/status/type',
                                                    keyword: 'type',
                                                    params: {
                                                      type: schema11.properties.checks_summary
                                                        .anyOf[0].items.properties.status.type,
                                                    },
                                                  };
                                                  if (vErrors === null) {
                                                    vErrors = [err17];
                                                  } else {
                                                    vErrors.push(err17);
                                                  }
                                                  errors++;
                                                }
                                                var valid3 = _errs44 === errors;
                                              } else {
                                                var valid3 = true;
                                              }
                                              if (valid3) {
                                                if (data3.severity !== undefined) {
                                                  let data17 = data3.severity;
                                                  const _errs46 = errors;
                                                  if (
                                                    typeof data17 !== 'string' &&
                                                    data17 !== null
                                                  ) {
                                                    const err18 = {
                                                      instancePath:
                                                        instancePath +
                                                        '/checks_summary/' +
                                                        i0 +
                                                        '/severity',
                                                      schemaPath:
                                                        '#/properties/checks_summary/anyOf/0/items/properties/severity/type',
                                                      keyword: 'type',
                                                      params: {
                                                        type: schema11.properties.checks_summary
                                                          .anyOf[0].items.properties.severity.type,
                                                      },
                                                    };
                                                    if (vErrors === null) {
                                                      vErrors = [err18];
                                                    } else {
                                                      vErrors.push(err18);
                                                    }
                                                    errors++;
                                                  }
                                                  var valid3 = _errs46 === errors;
                                                } else {
                                                  var valid3 = true;
                                                }
                                                if (valid3) {
                                                  if (data3.owner !== undefined) {
                                                    let data18 = data3.owner;
                                                    const _errs48 = errors;
                                                    if (
                                                      typeof data18 !== 'string' &&
                                                      data18 !== null
                                                    ) {
                                                      const err19 = {
                                                        instancePath:
                                                          instancePath +
                                                          '/checks_summary/' +
                                                          i0 +
                                                          '/owner',
                                                        schemaPath:
                                                          '#/properties/checks_summary/anyOf/0/items/properties/owner/type',
                                                        keyword: 'type',
                                                        params: {
                                                          type: schema11.properties.checks_summary
                                                            .anyOf[0].items.properties.owner.type,
                                                        },
                                                      };
                                                      if (vErrors === null) {
                                                        vErrors = [err19];
                                                      } else {
                                                        vErrors.push(err19);
                                                      }
                                                      errors++;
                                                    }
                                                    var valid3 = _errs48 === errors;
                                                  } else {
                                                    var valid3 = true;
                                                  }
                                                  if (valid3) {
                                                    if (data3.last_runtime !== undefined) {
                                                      let data19 = data3.last_runtime;
                                                      const _errs50 = errors;
                                                      if (
                                                        typeof data19 !== 'string' &&
                                                        data19 !== null
                                                      ) {
                                                        const err20 = {
                                                          instancePath:
                                                            instancePath +
                                                            '/checks_summary/' +
                                                            i0 +
                                                            '/last_runtime',
                                                          schemaPath:
                                                            '#/properties/checks_summary/anyOf/0/items/properties/last_runtime/type',
                                                          keyword: 'type',
                                                          params: {
                                                            type: schema11.properties.checks_summary
                                                              .anyOf[0].items.properties
                                                              .last_runtime.type,
                                                          },
                                                        };
                                                        if (vErrors === null) {
                                                          vErrors = [err20];
                                                        } else {
                                                          vErrors.push(err20);
                                                        }
                                                        errors++;
                                                      }
                                                      var valid3 = _errs50 === errors;
                                                    } else {
                                                      var valid3 = true;
                                                    }
                                                    if (valid3) {
                                                      if (
                                                        data3.last_transition_time !== undefined
                                                      ) {
                                                        let data20 = data3.last_transition_time;
                                                        const _errs52 = errors;
                                                        if (
                                                          typeof data20 !== 'string' &&
                                                          data20 !== null
                                                        ) {
                                                          const err21 = {
                                                            instancePath:
                                                              instancePath +
                                                              '/checks_summary/' +
                                                              i0 +
                                                              '/last_transition_time',
                                                            schemaPath:
                                                              '#/properties/checks_summary/anyOf/0/items/properties/last_transition_time/type',
                                                            keyword: 'type',
                                                            params: {
                                                              type: schema11.properties
                                                                .checks_summary.anyOf[0].items
                                                                .properties.last_transition_time
                                                                .type,
                                                            },
                                                          };
                                                          if (vErrors === null) {
                                                            vErrors = [err21];
                                                          } else {
                                                            vErrors.push(err21);
                                                          }
                                                          errors++;
                                                        }
                                                        var valid3 = _errs52 === errors;
                                                      } else {
                                                        var valid3 = true;
                                                      }
                                                      if (valid3) {
                                                        if (data3.created_at !== undefined) {
                                                          const _errs54 = errors;
                                                          if (
                                                            typeof data3.created_at !== 'string'
                                                          ) {
                                                            const err22 = {
                                                              instancePath:
                                                                instancePath +
                                                                '/checks_summary/' +
                                                                i0 +
                                                                '/created_at',
                                                              schemaPath:
                                                                '#/properties/checks_summary/anyOf/0/items/properties/created_at/type',
                                                              keyword: 'type',
                                                              params: { type: 'string' },
                                                            };
                                                            if (vErrors === null) {
                                                              vErrors = [err22];
                                                            } else {
                                                              vErrors.push(err22);
                                                            }
                                                            errors++;
                                                          }
                                                          var valid3 = _errs54 === errors;
                                                        } else {
                                                          var valid3 = true;
                                                        }
                                                        if (valid3) {
                                                          if (data3.updated_at !== undefined) {
                                                            let data22 = data3.updated_at;
                                                            const _errs56 = errors;
                                                            if (
                                                              typeof data22 !== 'string' &&
                                                              data22 !== null
                                                            ) {
                                                              const err23 = {
                                                                instancePath:
                                                                  instancePath +
                                                                  '/checks_summary/' +
                                                                  i0 +
                                                                  '/updated_at',
                                                                schemaPath:
                                                                  '#/properties/checks_summary/anyOf/0/items/properties/updated_at/type',
                                                                keyword: 'type',
                                                                params: {
                                                                  type: schema11.properties
                                                                    .checks_summary.anyOf[0].items
                                                                    .properties.updated_at.type,
                                                                },
                                                              };
                                                              if (vErrors === null) {
                                                                vErrors = [err23];
                                                              } else {
                                                                vErrors.push(err23);
                                                              }
                                                              errors++;
                                                            }
                                                            var valid3 = _errs56 === errors;
                                                          } else {
                                                            var valid3 = true;
                                                          }
                                                          if (valid3) {
                                                            if (data3.deleted_at !== undefined) {
                                                              let data23 = data3.deleted_at;
                                                              const _errs58 = errors;
                                                              if (
                                                                typeof data23 !== 'string' &&
                                                                data23 !== null
                                                              ) {
                                                                const err24 = {
                                                                  instancePath:
                                                                    instancePath +
                                                                    '/checks_summary/' +
                                                                    i0 +
                                                                    '/deleted_at',
                                                                  schemaPath:
                                                                    '#/properties/checks_summary/anyOf/0/items/properties/deleted_at/type',
                                                                  keyword: 'type',
                                                                  params: {
                                                                    type: schema11.properties
                                                                      .checks_summary.anyOf[0].items
                                                                      .properties.deleted_at.type,
                                                                  },
                                                                };
                                                                if (vErrors === null) {
                                                                  vErrors = [err24];
                                                                } else {
                                                                  vErrors.push(err24);
                                                                }
                                                                errors++;
                                                              }
                                                              var valid3 = _errs58 === errors;
                                                            } else {
                                                              var valid3 = true;
                                                            }
                                                            if (valid3) {
                                                              if (data3.silenced_at !== undefined) {
                                                                let data24 = data3.silenced_at;
                                                                const _errs60 = errors;
                                                                if (
                                                                  typeof data24 !== 'string' &&
                                                                  data24 !== null
                                                                ) {
                                                                  const err25 = {
                                                                    instancePath:
                                                                      instancePath +
                                                                      '/checks_summary/' +
                                                                      i0 +
                                                                      '/silenced_at',
                                                                    schemaPath:
                                                                      '#/properties/checks_summary/anyOf/0/items/properties/silenced_at/type',
                                                                    keyword: 'type',
                                                                    params: {
                                                                      type: schema11.properties
                                                                        .checks_summary.anyOf[0]
                                                                        .items.properties
                                                                        .silenced_at.type,
                                                                    },
                                                                  };
                                                                  if (vErrors === null) {
                                                                    vErrors = [err25];
                                                                  } else {
                                                                    vErrors.push(err25);
                                                                  }
                                                                  errors++;
                                                                }
                                                                var valid3 = _errs60 === errors;
                                                              } else {
                                                                var valid3 = true;
                                                              }
                                                              if (valid3) {
                                                                if (data3.uptime !== undefined) {
                                                                  let data25 = data3.uptime;
                                                                  const _errs62 = errors;
                                                                  if (errors === _errs62) {
                                                                    if (
                                                                      data25 &&
                                                                      typeof data25 == 'object' &&
                                                                      !Array.isArray(data25)
                                                                    ) {
                                                                      let missing1;
                                                                      if (
                                                                        (data25.passed ===
                                                                          undefined &&
                                                                          (missing1 = 'passed')) ||
                                                                        (data25.failed ===
                                                                          undefined &&
                                                                          (missing1 = 'failed'))
                                                                      ) {
                                                                        const err26 = {
                                                                          instancePath:
                                                                            instancePath +
                                                                            '/checks_summary/' +
                                                                            i0 +
                                                                            '/uptime',
                                                                          schemaPath:
                                                                            '#/properties/checks_summary/anyOf/0/items/properties/uptime/required',
                                                                          keyword: 'required',
                                                                          params: {
                                                                            missingProperty:
                                                                              missing1,
                                                                          },
                                                                        };
                                                                        if (vErrors === null) {
                                                                          vErrors = [err26];
                                                                        } else {
                                                                          vErrors.push(err26);
                                                                        }
                                                                        errors++;
                                                                      } else {
                                                                        if (
                                                                          data25.passed !==
                                                                          undefined
                                                                        ) {
                                                                          let data26 =
                                                                            data25.passed;
                                                                          const _errs65 = errors;
                                                                          if (!(
                                                                            typeof data26 ==
                                                                              'number' &&
                                                                            isFinite(data26)
                                                                          )) {
                                                                            const err27 = {
                                                                              instancePath:
                                                                                instancePath +
                                                                                '/checks_summary/' +
                                                                                i0 +
                                                                                '/uptime/passed',
                                                                              schemaPath:
                                                                                '#/properties/checks_summary/anyOf/0/items/properties/uptime/properties/passed/type',
                                                                              keyword: 'type',
                                                                              params: {
                                                                                type: 'number',
                                                                              },
                                                                            };
                                                                            if (vErrors === null) {
                                                                              vErrors = [err27];
                                                                            } else {
                                                                              vErrors.push(err27);
                                                                            }
                                                                            errors++;
                                                                          }
                                                                          var valid7 =
                                                                            _errs65 === errors;
                                                                        } else {
                                                                          var valid7 = true;
                                                                        }
                                                                        if (valid7) {
                                                                          if (
                                                                            data25.failed !==
                                                                            undefined
                                                                          ) {
                                                                            let data27 =
                                                                              data25.failed;
                                                                            const _errs67 = errors;
                                                                            if (!(
                                                                              typeof data27 ==
                                                                                'number' &&
                                                                              isFinite(data27)
                                                                            )) {
                                                                              const err28 = {
                                                                                instancePath:
                                                                                  instancePath +
                                                                                  '/checks_summary/' +
                                                                                  i0 +
                                                                                  '/uptime/failed',
                                                                                schemaPath:
                                                                                  '#/properties/checks_summary/anyOf/0/items/properties/uptime/properties/failed/type',
                                                                                keyword: 'type',
                                                                                params: {
                                                                                  type: 'number',
                                                                                },
                                                                              };
                                                                              if (
                                                                                vErrors === null
                                                                              ) {
                                                                                vErrors = [err28];
                                                                              } else {
                                                                                vErrors.push(err28);
                                                                              }
                                                                              errors++;
                                                                            }
                                                                            var valid7 =
                                                                              _errs67 === errors;
                                                                          } else {
                                                                            var valid7 = true;
                                                                          }
                                                                          if (valid7) {
                                                                            if (
                                                                              data25.last_pass !==
                                                                              undefined
                                                                            ) {
                                                                              let data28 =
                                                                                data25.last_pass;
                                                                              const _errs69 =
                                                                                errors;
                                                                              if (
                                                                                typeof data28 !==
                                                                                  'string' &&
                                                                                data28 !== null
                                                                              ) {
                                                                                const err29 = {
                                                                                  instancePath:
                                                                                    instancePath +
                                                                                    '/checks_summary/' +
                                                                                    i0 +
                                                                                    '/uptime/last_pass',
                                                                                  schemaPath:
                                                                                    '#/properties/checks_summary/anyOf/0/items/properties/uptime/properties/last_pass/type',
                                                                                  keyword: 'type',
                                                                                  params: {
                                                                                    type: schema11
                                                                                      .properties
                                                                                      .checks_summary
                                                                                      .anyOf[0]
                                                                                      .items
                                                                                      .properties
                                                                                      .uptime
                                                                                      .properties
                                                                                      .last_pass
                                                                                      .type,
                                                                                  },
                                                                                };
                                                                                if (
                                                                                  vErrors === null
                                                                                ) {
                                                                                  vErrors = [err29];
                                                                                } else {
                                                                                  vErrors.push(
                                                                                    err29,
                                                                                  );
                                                                                }
                                                                                errors++;
                                                                              }
                                                                              var valid7 =
                                                                                _errs69 === errors;
                                                                            } else {
                                                                              var valid7 = true;
                                                                            }
                                                                            if (valid7) {
                                                                              if (
                                                                                data25.last_fail !==
                                                                                undefined
                                                                              ) {
                                                                                let data29 =
                                                                                  data25.last_fail;
                                                                                const _errs71 =
                                                                                  errors;
                                                                                if (
                                                                                  typeof data29 !==
                                                                                    'string' &&
                                                                                  data29 !== null
                                                                                ) {
                                                                                  const err30 = {
                                                                                    instancePath:
                                                                                      instancePath +
                                                                                      '/checks_summary/' +
                                                                                      i0 +
                                                                                      '/uptime/last_fail',
                                                                                    schemaPath:
                                                                                      '#/properties/checks_summary/anyOf/0/items/properties/uptime/properties/last_fail/type',
                                                                                    keyword: 'type',
                                                                                    params: {
                                                                                      type: schema11
                                                                                        .properties
                                                                                        .checks_summary
                                                                                        .anyOf[0]
                                                                                        .items
                                                                                        .properties
                                                                                        .uptime
                                                                                        .properties
                                                                                        .last_fail
                                                                                        .type,
                                                                                    },
                                                                                  };
                                                                                  if (
                                                                                    vErrors === null
                                                                                  ) {
                                                                                    vErrors = [
                                                                                      err30,
                                                                                    ];
                                                                                  } else {
                                                                                    vErrors.push(
                                                                                      err30,
                                                                                    );
                                                                                  }
                                                                                  errors++;
                                                                                }
                                                                                var valid7 =
                                                                                  _errs71 ===
                                                                                  errors;
                                                                              } else {
                                                                                var valid7 = true;
                                                                              }
                                                                            }
                                                                          }
                                                                        }
                                                                      }
                                                                    } else {
                                                                      const err31 = {
                                                                        instancePath:
                                                                          instancePath +
                                                                          '/checks_summary/' +
                                                                          i0 +
                                                                          '/uptime',
                                                                        schemaPath:
                                                                          '#/properties/checks_summary/anyOf/0/items/properties/uptime/type',
                                                                        keyword: 'type',
                                                                        params: { type: 'object' },
                                                                      };
                                                                      if (vErrors === null) {
                                                                        vErrors = [err31];
                                                                      } else {
                                                                        vErrors.push(err31);
                                                                      }
                                                                      errors++;
                                                                    }
                                                                  }
                                                                  var valid3 = _errs62 === errors;
                                                                } else {
                                                                  var valid3 = true;
                                                                }
                                                                if (valid3) {
                                                                  if (data3.latency !== undefined) {
                                                                    let data30 = data3.latency;
                                                                    const _errs73 = errors;
                                                                    if (errors === _errs73) {
                                                                      if (
                                                                        data30 &&
                                                                        typeof data30 == 'object' &&
                                                                        !Array.isArray(data30)
                                                                      ) {
                                                                        let missing2;
                                                                        if (
                                                                          data30.rolling1h ===
                                                                            undefined &&
                                                                          (missing2 = 'rolling1h')
                                                                        ) {
                                                                          const err32 = {
                                                                            instancePath:
                                                                              instancePath +
                                                                              '/checks_summary/' +
                                                                              i0 +
                                                                              '/latency',
                                                                            schemaPath:
                                                                              '#/properties/checks_summary/anyOf/0/items/properties/latency/required',
                                                                            keyword: 'required',
                                                                            params: {
                                                                              missingProperty:
                                                                                missing2,
                                                                            },
                                                                          };
                                                                          if (vErrors === null) {
                                                                            vErrors = [err32];
                                                                          } else {
                                                                            vErrors.push(err32);
                                                                          }
                                                                          errors++;
                                                                        } else {
                                                                          if (
                                                                            data30.p99 !== undefined
                                                                          ) {
                                                                            let data31 = data30.p99;
                                                                            const _errs76 = errors;
                                                                            if (
                                                                              !(
                                                                                typeof data31 ==
                                                                                  'number' &&
                                                                                isFinite(data31)
                                                                              ) &&
                                                                              data31 !== null
                                                                            ) {
                                                                              const err33 = {
                                                                                instancePath:
                                                                                  instancePath +
                                                                                  '/checks_summary/' +
                                                                                  i0 +
                                                                                  '/latency/p99',
                                                                                schemaPath:
                                                                                  '#/properties/checks_summary/anyOf/0/items/properties/latency/properties/p99/type',
                                                                                keyword: 'type',
                                                                                params: {
                                                                                  type: schema11
                                                                                    .properties
                                                                                    .checks_summary
                                                                                    .anyOf[0].items
                                                                                    .properties
                                                                                    .latency
                                                                                    .properties.p99
                                                                                    .type,
                                                                                },
                                                                              };
                                                                              if (
                                                                                vErrors === null
                                                                              ) {
                                                                                vErrors = [err33];
                                                                              } else {
                                                                                vErrors.push(err33);
                                                                              }
                                                                              errors++;
                                                                            }
                                                                            var valid8 =
                                                                              _errs76 === errors;
                                                                          } else {
                                                                            var valid8 = true;
                                                                          }
                                                                          if (valid8) {
                                                                            if (
                                                                              data30.p97 !==
                                                                              undefined
                                                                            ) {
                                                                              let data32 =
                                                                                data30.p97;
                                                                              const _errs78 =
                                                                                errors;
                                                                              if (
                                                                                !(
                                                                                  typeof data32 ==
                                                                                    'number' &&
                                                                                  isFinite(data32)
                                                                                ) &&
                                                                                data32 !== null
                                                                              ) {
                                                                                const err34 = {
                                                                                  instancePath:
                                                                                    instancePath +
                                                                                    '/checks_summary/' +
                                                                                    i0 +
                                                                                    '/latency/p97',
                                                                                  schemaPath:
                                                                                    '#/properties/checks_summary/anyOf/0/items/properties/latency/properties/p97/type',
                                                                                  keyword: 'type',
                                                                                  params: {
                                                                                    type: schema11
                                                                                      .properties
                                                                                      .checks_summary
                                                                                      .anyOf[0]
                                                                                      .items
                                                                                      .properties
                                                                                      .latency
                                                                                      .properties
                                                                                      .p97.type,
                                                                                  },
                                                                                };
                                                                                if (
                                                                                  vErrors === null
                                                                                ) {
                                                                                  vErrors = [err34];
                                                                                } else {
                                                                                  vErrors.push(
                                                                                    err34,
                                                                                  );
                                                                                }
                                                                                errors++;
                                                                              }
                                                                              var valid8 =
                                                                                _errs78 === errors;
                                                                            } else {
                                                                              var valid8 = true;
                                                                            }
                                                                            if (valid8) {
                                                                              if (
                                                                                data30.p95 !==
                                                                                undefined
                                                                              ) {
                                                                                let data33 =
                                                                                  data30.p95;
                                                                                const _errs80 =
                                                                                  errors;
                                                                                if (
                                                                                  !(
                                                                                    typeof data33 ==
                                                                                      'number' &&
                                                                                    isFinite(data33)
                                                                                  ) &&
                                                                                  data33 !== null
                                                                                ) {
                                                                                  const err35 = {
                                                                                    instancePath:
                                                                                      instancePath +
                                                                                      '/checks_summary/' +
                                                                                      i0 +
                                                                                      '/latency/p95',
                                                                                    schemaPath:
                                                                                      '#/properties/checks_summary/anyOf/0/items/properties/latency/properties/p95/type',
                                                                                    keyword: 'type',
                                                                                    params: {
                                                                                      type: schema11
                                                                                        .properties
                                                                                        .checks_summary
                                                                                        .anyOf[0]
                                                                                        .items
                                                                                        .properties
                                                                                        .latency
                                                                                        .properties
                                                                                        .p95.type,
                                                                                    },
                                                                                  };
                                                                                  if (
                                                                                    vErrors === null
                                                                                  ) {
                                                                                    vErrors = [
                                                                                      err35,
                                                                                    ];
                                                                                  } else {
                                                                                    vErrors.push(
                                                                                      err35,
                                                                                    );
                                                                                  }
                                                                                  errors++;
                                                                                }
                                                                                var valid8 =
                                                                                  _errs80 ===
                                                                                  errors;
                                                                              } else {
                                                                                var valid8 = true;
                                                                              }
                                                                              if (valid8) {
                                                                                if (
                                                                                  data30.rolling1h !==
                                                                                  undefined
                                                                                ) {
                                                                                  let data34 =
                                                                                    data30.rolling1h;
                                                                                  const _errs82 =
                                                                                    errors;
                                                                                  if (!(
                                                                                    typeof data34 ==
                                                                                      'number' &&
                                                                                    isFinite(data34)
                                                                                  )) {
                                                                                    const err36 = {
                                                                                      instancePath:
                                                                                        instancePath +
                                                                                        '/checks_summary/' +
                                                                                        i0 +
                                                                                        '/latency/rolling1h',
                                                                                      schemaPath:
                                                                                        '#/properties/checks_summary/anyOf/0/items/properties/latency/properties/rolling1h/type',
                                                                                      keyword:
                                                                                        'type',
                                                                                      params: {
                                                                                        type: 'number',
                                                                                      },
                                                                                    };
                                                                                    if (
                                                                                      vErrors ===
                                                                                      null
                                                                                    ) {
                                                                                      vErrors = [
                                                                                        err36,
                                                                                      ];
                                                                                    } else {
                                                                                      vErrors.push(
                                                                                        err36,
                                                                                      );
                                                                                    }
                                                                                    errors++;
                                                                                  }
                                                                                  var valid8 =
                                                                                    _errs82 ===
                                                                                    errors;
                                                                                } else {
                                                                                  var valid8 = true;
                                                                                }
                                                                              }
                                                                            }
                                                                          }
                                                                        }
                                                                      } else {
                                                                        const err37 = {
                                                                          instancePath:
                                                                            instancePath +
                                                                            '/checks_summary/' +
                                                                            i0 +
                                                                            '/latency',
                                                                          schemaPath:
                                                                            '#/properties/checks_summary/anyOf/0/items/properties/latency/type',
                                                                          keyword: 'type',
                                                                          params: {
                                                                            type: 'object',
                                                                          },
                                                                        };
                                                                        if (vErrors === null) {
                                                                          vErrors = [err37];
                                                                        } else {
                                                                          vErrors.push(err37);
                                                                        }
                                                                        errors++;
                                                                      }
                                                                    }
                                                                    var valid3 = _errs73 === errors;
                                                                  } else {
                                                                    var valid3 = true;
                                                                  }
                                                                }
                                                              }
                                                            }
                                                          }
                                                        }
                                                      }
                                                    }
                                                  }
                                                }
                                              }
                                            }
                                          }
                                        }
                                      }
                                    }
                                  }
                                }
                              }
                            }
                          }
                        }
                      }
                    } else {
                      const err38 = {
                        instancePath: instancePath + '/checks_summary/' + i0,
                        schemaPath: '#/properties/checks_summary/anyOf/0/items/type',
                        keyword: 'type',
                        params: { type: 'object' },
                      };
                      if (vErrors === null) {
                        vErrors = [err38];
                      } else {
                        vErrors.push(err38);
                      }
                      errors++;
                    }
                  }
                  var valid2 = _errs10 === errors;
                  if (!valid2) {
                    break;
                  }
                }
              } else {
                const err39 = {
                  instancePath: instancePath + '/checks_summary',
                  schemaPath: '#/properties/checks_summary/anyOf/0/type',
                  keyword: 'type',
                  params: { type: 'array' },
                };
                if (vErrors === null) {
                  vErrors = [err39];
                } else {
                  vErrors.push(err39);
                }
                errors++;
              }
            }
            var _valid0 = _errs8 === errors;
            valid1 = valid1 || _valid0;
            if (!valid1) {
              const _errs84 = errors;
              if (data2 !== null) {
                const err40 = {
                  instancePath: instancePath + '/checks_summary',
                  schemaPath: '#/properties/checks_summary/anyOf/1/type',
                  keyword: 'type',
                  params: { type: 'null' },
                };
                if (vErrors === null) {
                  vErrors = [err40];
                } else {
                  vErrors.push(err40);
                }
                errors++;
              }
              var _valid0 = _errs84 === errors;
              valid1 = valid1 || _valid0;
            }
            if (!valid1) {
              const err41 = {
                instancePath: instancePath + '/checks_summary',
                schemaPath: '#/properties/checks_summary/anyOf',
                keyword: 'anyOf',
                params: {},
              };
              if (vErrors === null) {
                vErrors = [err41];
              } else {
                vErrors.push(err41);
              }
              errors++;
              validate10.errors = vErrors;
              return false;
            } else {
              errors = _errs7;
              if (vErrors !== null) {
                if (_errs7) {
                  vErrors.length = _errs7;
                } else {
                  vErrors = null;
                }
              }
            }
            var valid0 = _errs6 === errors;
          } else {
            var valid0 = true;
          }
        }
      }
    } else {
      validate10.errors = [
        { instancePath, schemaPath: '#/type', keyword: 'type', params: { type: 'object' } },
      ];
      return false;
    }
  }
  validate10.errors = vErrors;
  return errors === 0;
}
